/**
 * `npm run lint`: Redocly's lint of every API in redocly.yaml with its rules, reported as
 * `redocly lint --format=stylish` reports it (file:line:column per problem). Run through Redocly's
 * library rather than its CLI, which prints a Node.js end-of-life notice on every run under Node 20.
 * Exit code 1 when there are errors (or, with --max-warnings N, more than N warnings).
 */
import path from 'node:path';
import { formatProblems, getTotals, lint, loadConfig } from '@redocly/openapi-core';

const args = process.argv.slice(2);
const maxWarningsAt = args.indexOf('--max-warnings');
const maxWarnings = maxWarningsAt === -1 ? Infinity : Number(args[maxWarningsAt + 1]);
if (!(maxWarnings >= 0)) {
  process.stderr.write('lint: --max-warnings takes a number >= 0\n');
  process.exit(2);
}

const config = await loadConfig({ configPath: 'redocly.yaml' });
const roots = Object.values(config.resolvedConfig.apis ?? {}).map((api) => api.root);
if (!roots.length) {
  process.stderr.write('lint: redocly.yaml names no API (apis: <name>: root: <file>)\n');
  process.exit(2);
}

let failed = false;
for (const root of roots) {
  const started = performance.now();
  const problems = await lint({ ref: root, config });
  const totals = getTotals(problems);
  formatProblems(problems, { format: 'stylish', totals, version: '' });
  const ms = Math.round(performance.now() - started);
  process.stderr.write(`${path.normalize(root)}: ${totals.errors} error(s), ${totals.warnings} warning(s) in ${ms} ms\n`);
  if (totals.errors > 0 || totals.warnings > maxWarnings) failed = true;
}
process.exit(failed ? 1 : 0);
