/** Entry point of `npm run generate`; see run.ts. */
import { runCli } from './run.js';

const { code } = await runCli(process.argv.slice(2));
if (!process.argv.includes('--watch') || code !== 0) process.exit(code);
