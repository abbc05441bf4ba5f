/** What `npm run generate` and `npm run diff` share: where they write, and how they read arguments. */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export const processIo: Io = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };

type Options = NonNullable<ParseArgsConfig['options']> & { help: { type: 'boolean' } };
type Values<T extends Options> = ReturnType<typeof parseArgs<{ options: T }>>['values'];

/**
 * The arguments, or the exit code once handled: an unknown or malformed one prints its message and
 * `usage` (2), `--help` prints `usage` (0). No positionals.
 */
export function parseCommandLine<T extends Options>(argv: string[], options: T, usage: string, io: Io): Values<T> | number {
  let values: Values<T>;
  try {
    values = parseArgs({ args: argv, options, allowPositionals: false }).values;
  } catch (err) {
    io.stderr(`${(err as Error).message}\n\n${usage}\n`);
    return 2;
  }
  if ((values as { help?: boolean }).help) {
    io.stdout(`${usage}\n`);
    return 0;
  }
  return values;
}
