/** Entry point of `npm run generate`; see generate-command.ts. */
import { runCli } from './generate-command.js';

const { code } = await runCli(process.argv.slice(2));
if (!process.argv.includes('--watch') || code !== 0) process.exit(code);
