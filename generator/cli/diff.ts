/** Entry point of `npm run diff`; see diff-command.ts. */
import { processIo } from './arguments.js';
import { runDiff } from './diff-command.js';

process.exit(await runDiff(process.argv.slice(2), processIo));
