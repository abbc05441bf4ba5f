/**
 * The mock as a command: parses the flags (node:util parseArgs), starts the HTTP server, prints
 * exactly one line, its base URL, when it is ready, and stops cleanly on SIGINT or SIGTERM (exit
 * 0). A bad flag prints the usage on stderr and exits 2. Node, Bun and Deno only.
 */
import process from 'node:process';
import { parseArgs } from 'node:util';
import { originOf } from './cors.js';
import type { MockCors, MockServer } from './types.js';

/** Default port: Prism's, so a recipe written for Prism works unchanged. */
export const DEFAULT_PORT = 4010;

export interface MockCliTarget {
  /** The command's name, for the usage. */
  readonly name: string;
  /** The spec's environments, first the default. */
  readonly environments: readonly string[];
  readonly start: (options: { seed: number; environment: string; simulateLimits: boolean; requireCredentials: boolean }) => {
    listen(options: { port: number; host: string; cors?: MockCors }): Promise<MockServer>;
  };
}

function usage(target: MockCliTarget): string {
  return [
    `Usage: ${target.name} [--port N] [--host H] [--seed N] [--environment ${target.environments.join('|')}] [--simulate-limits] [--cors ORIGIN|*|off]... [--no-require-credentials]`,
    `  --port N            port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)`,
    '  --host H            address to listen on (default 127.0.0.1)',
    '  --seed N            seed of the generated data (an integer, default 1)',
    `  --environment E     environment whose documented limits apply (default ${target.environments[0]})`,
    "  --simulate-limits   answer 429 past the environment's documented rate, burst and daily quota",
    '  --cors O            who may call it from a web page: an origin (http://localhost:5173; repeat for more), * (any) or off',
    '                      (default: * on a loopback host such as 127.0.0.1, off on any other)',
    '  --no-require-credentials',
    "                      answer without the spec's credentials instead of 401 (a front end sends none to its backend)",
  ].join('\n');
}

const integerIn = (text: string, min: number, max: number): number | undefined =>
  /^-?\d+$/.test(text) && Number(text) >= min && Number(text) <= max ? Number(text) : undefined;

/** The `--cors` flags as the `cors` option (`{ value }`), undefined without any, or what is wrong with them. */
function corsFlag(given: readonly string[] | undefined): { value: MockCors } | string | undefined {
  if (given === undefined || given.length === 0) return undefined;
  if (given.length === 1 && (given[0] === '*' || given[0] === 'off')) return { value: given[0] === '*' ? '*' : false };
  const origins: string[] = [];
  for (const text of given) {
    const origin = originOf(text);
    if (origin === undefined)
      return text === '*' || text === 'off'
        ? `--cors ${text} cannot be combined with origins`
        : `--cors must be an origin (scheme://host[:port], such as http://localhost:5173), * or off, not ${JSON.stringify(text)}`;
    origins.push(origin);
  }
  return { value: origins };
}

/** Runs the command; resolves with the exit code when it should exit (a server keeps running until a signal). */
export async function runMockCli(argv: readonly string[], target: MockCliTarget): Promise<number | undefined> {
  let values: {
    port?: string;
    host?: string;
    seed?: string;
    environment?: string;
    'simulate-limits'?: boolean;
    cors?: string[];
    'no-require-credentials'?: boolean;
    help?: boolean;
  };
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        environment: { type: 'string' },
        'simulate-limits': { type: 'boolean' },
        cors: { type: 'string', multiple: true },
        'no-require-credentials': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n${usage(target)}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${usage(target)}\n`);
    return 0;
  }
  const port = values.port === undefined ? DEFAULT_PORT : integerIn(values.port, 0, 65535);
  const seed = values.seed === undefined ? 1 : integerIn(values.seed, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const environment = values.environment ?? target.environments[0]!;
  const cors = corsFlag(values.cors);
  const bad = [
    typeof cors === 'string' && cors,
    port === undefined && '--port must be an integer from 0 to 65535',
    seed === undefined && '--seed must be an integer',
    !target.environments.includes(environment) && `--environment must be ${target.environments.join(' or ')}`,
    // An unset variable (`--host "$MOCK_HOST"`) must not mean every interface.
    values.host?.trim() === '' && '--host must name an address (omit it for 127.0.0.1)',
  ].filter(Boolean);
  if (bad.length) {
    process.stderr.write(`${bad.join('\n')}\n${usage(target)}\n`);
    return 2;
  }
  let server: MockServer;
  try {
    server = await target
      .start({ seed: seed!, environment, simulateLimits: values['simulate-limits'] === true, requireCredentials: values['no-require-credentials'] !== true })
      .listen({ port: port!, host: values.host ?? '127.0.0.1', ...(typeof cors === 'object' && { cors: cors.value }) });
  } catch (err) {
    process.stderr.write(`${target.name}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  const stop = (): void => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.stdout.write(`${server.url}\n`);
  return undefined;
}
