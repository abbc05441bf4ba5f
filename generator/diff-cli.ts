/** Entry point of `npm run diff`; see release/cli.ts. */
import { runDiff } from './release/cli.js';

process.exit(await runDiff(process.argv.slice(2), { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) }));
