/**
 * The toolkit's own imports run one way (.dependency-cruiser.cjs): no module of generator/,
 * templates/ or scripts/ reaches itself again through its imports, type-only imports included.
 * The same rule, run on a folder with a planted circle, proves the check can fail.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { TOOL_ROOT } from '../generator/generate.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'imports-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The circles dependency-cruiser finds under `folders` of `root`, each as `a → b → a`. */
async function circles(root: string, folders: string[]): Promise<string[]> {
  const options = await extractDepcruiseOptions(path.join(TOOL_ROOT, '.dependency-cruiser.cjs'));
  const cwd = process.cwd();
  process.chdir(root); // dependency-cruiser reads paths relative to the working directory
  try {
    const { output } = await cruise(folders, { ...options, validate: true, outputType: 'json' });
    const result = (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult;
    return result.summary.violations
      .filter((v) => v.rule.name === 'no-circular')
      .map((v) => [v.from, ...(v.cycle ?? []).map((c) => (typeof c === 'string' ? c : c.name))].join(' → '));
  } finally {
    process.chdir(cwd);
  }
}

describe('imports', () => {
  it('generator/, templates/ and scripts/ have no import circle', async () => {
    expect(await circles(TOOL_ROOT, ['generator', 'templates', 'scripts'])).toEqual([]);
  }, 60_000);

  it('a planted circle is found, type-only imports included', async () => {
    mkdirSync(path.join(work, 'generator'));
    writeFileSync(path.join(work, 'tsconfig.json'), '{}');
    writeFileSync(path.join(work, 'generator', 'a.ts'), "import type { B } from './b.js';\nexport type A = B | 1;\n");
    writeFileSync(path.join(work, 'generator', 'b.ts'), "import { type A } from './a.js';\nexport type B = A[];\n");
    expect(await circles(work, ['generator'])).toEqual(['generator/a.ts → generator/b.ts → generator/a.ts']);
  }, 60_000);
});
