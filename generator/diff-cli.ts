/** Entry point of `npm run diff`; see release/cli.ts. */
import { processIo } from './command-line.js';
import { runDiff } from './release/cli.js';

process.exit(await runDiff(process.argv.slice(2), processIo));
