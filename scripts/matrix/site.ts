/**
 * `npm run site:check [-- --site <dir>] [--screenshots <dir>]`: the generated site (default
 * generated/site/) in the machine's Chromium, from file:// (site-check.ts says what is checked).
 * `--screenshots` saves the index and the first area page at 390 and 1280 px as PNG files.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../../test/consumer/project.js';
import { checkSite } from './site-check.js';
import { machineChromium, npmPackage, PLAYWRIGHT_VERSION } from './tools.js';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { site: { type: 'string' }, screenshots: { type: 'string' } } });
  const site = path.resolve(values.site ?? path.join(ROOT, 'generated', 'site'));
  if (!existsSync(path.join(site, 'index.html'))) {
    console.error(`site:check: no ${path.join(site, 'index.html')}: run \`npm run generate\` first`);
    return 1;
  }
  const chromium = await machineChromium();
  if (!chromium) {
    console.error('site:check: no Chromium: `apt-get install -y chromium` (Debian), or set CHROMIUM to its executable');
    return 1;
  }
  const result = await checkSite(
    chromium,
    await npmPackage('playwright-core', PLAYWRIGHT_VERSION),
    site,
    values.screenshots && path.resolve(values.screenshots),
  );
  console.log(`site:check (chromium ${chromium.version}): ${result.summary}`);
  for (const shot of result.screenshots) console.log(`screenshot: ${shot}`);
  for (const problem of result.problems) console.error(problem);
  return result.problems.length ? 1 : 0;
}

process.exitCode = await main();
