import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../generator/cli/generate-command.js';

const fixture = path.join(import.meta.dirname, '../../fixtures/minimal');
let cleanup = () => {};
afterEach(() => cleanup());

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `--watch` on a copy of the minimal fixture, writing beside it; stopped and removed after the test. */
async function watchCopy(
  prepare: (specDir: string) => void = () => {},
): Promise<{ dir: string; spec: string; out: string; log: { stdout: string; stderr: string }; writes: () => number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'watch-'));
  cpSync(fixture, path.join(dir, 'spec'), { recursive: true });
  prepare(path.join(dir, 'spec'));
  const spec = path.join(dir, 'spec', 'openapi.yaml');
  const out = path.join(dir, 'out');
  const log = { stdout: '', stderr: '' };
  const { code, stop } = await runCli(['--watch', '--spec', spec, '--out', out], { stdout: (t) => (log.stdout += t), stderr: (t) => (log.stderr += t) });
  cleanup = () => {
    stop();
    rmSync(dir, { recursive: true, force: true });
  };
  expect(code).toBe(0);
  return { dir, spec, out, log, writes: () => log.stdout.match(/^wrote /gm)?.length ?? 0 };
}

describe('generate --watch', () => {
  it('regenerates when the spec changes, and keeps watching after an invalid edit', async () => {
    const { spec, out, log, writes } = await watchCopy();
    expect(log.stdout).toMatch(/watching/);
    expect(writes()).toBe(1);

    writeFileSync(spec, readFileSync(spec, 'utf8').replace('title: Minimal API', 'title: Renamed API'));
    await until(() => writes() === 2, 15_000);
    expect(readFileSync(path.join(out, 'docs', 'index.md'), 'utf8')).toContain('# Renamed API reference');

    writeFileSync(spec, 'openapi: 3.1.0\ninfo: [\n');
    await until(() => /syntax error/.test(log.stderr), 15_000);
    expect(readFileSync(path.join(out, 'docs', 'index.md'), 'utf8')).toContain('# Renamed API reference');
  });

  it('picks up an edit made while the first run writes, and ignores its own writes beside the spec', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'watch-'));
    cpSync(fixture, path.join(dir, 'spec'), { recursive: true });
    const spec = path.join(dir, 'spec', 'openapi.yaml');
    // The output folder inside the watched spec folder: its writes must not start another run.
    const out = path.join(dir, 'spec', 'generated');
    let stdout = '';
    const { code, stop } = await runCli(['--watch', '--spec', spec, '--out', out], {
      stdout: (t) => {
        stdout += t;
        // The moment the first run has written its output: an edit now must not be lost.
        if (t.startsWith('wrote ') && !stdout.includes('watching'))
          writeFileSync(spec, readFileSync(spec, 'utf8').replace('title: Minimal API', 'title: Edited API'));
      },
      stderr: (t) => (stdout += t),
    });
    cleanup = () => {
      stop();
      rmSync(dir, { recursive: true, force: true });
    };
    expect(code).toBe(0);
    const writes = () => stdout.match(/^wrote /gm)?.length ?? 0;
    await until(() => writes() === 2, 15_000);
    expect(readFileSync(path.join(out, 'docs', 'index.md'), 'utf8')).toContain('# Edited API reference');
    // Its own writes (the output folder and writeTree's temporary siblings) start nothing.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(writes(), stdout).toBe(2);
  });

  it('keeps seeing a file that an editor saves by renaming a new copy over it', async () => {
    const { dir, spec, out, writes } = await watchCopy();
    // As vim, sed -i and "safe write" save: a new file renamed over the old one, twice.
    const saveAtomically = (title: string) => {
      const copy = path.join(dir, 'spec', '.openapi.yaml.swp');
      writeFileSync(copy, readFileSync(spec, 'utf8').replace(/title: \w+ API/, `title: ${title} API`));
      renameSync(copy, spec);
    };
    for (const [i, title] of ['First', 'Second'].entries()) {
      saveAtomically(title);
      await until(() => writes() === i + 2, 15_000);
      await until(() => readFileSync(path.join(out, 'docs', 'index.md'), 'utf8').includes(`# ${title} API reference`), 5_000);
    }
  });

  it('starts, and regenerates, with links in the spec folder to itself and to its parent (no loop, no stack)', async () => {
    const before = process.memoryUsage().rss;
    const { spec, out, log, writes } = await watchCopy((specDir) => {
      symlinkSync('.', path.join(specDir, 'self'));
      symlinkSync('..', path.join(specDir, 'up'));
      symlinkSync('../..', path.join(specDir, 'up2'));
    });
    expect(log.stderr).toBe('');
    expect(writes()).toBe(1);
    writeFileSync(spec, readFileSync(spec, 'utf8').replace('title: Minimal API', 'title: Linked API'));
    await until(() => writes() === 2, 15_000);
    expect(readFileSync(path.join(out, 'docs', 'index.md'), 'utf8')).toContain('# Linked API reference');
    // Nothing walks the links: memory stays where one watch of a small folder puts it.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 2 ** 20);
  });

  it('says so when the spec folder is removed, and watches the folder put back in its place', async () => {
    const { dir, spec, out, log, writes } = await watchCopy();
    const specDir = path.dirname(spec);
    rmSync(specDir, { recursive: true });
    await until(() => /was removed; watching for it to come back/.test(log.stderr), 15_000);
    expect(log.stderr).toContain(`warning: ${path.relative(process.cwd(), specDir)} was removed`);
    // A fresh copy moved in, as a branch switch or a split into a new folder would leave it.
    const fresh = path.join(dir, 'fresh');
    cpSync(fixture, fresh, { recursive: true });
    writeFileSync(
      path.join(fresh, 'openapi.yaml'),
      readFileSync(path.join(fresh, 'openapi.yaml'), 'utf8').replace('title: Minimal API', 'title: Restored API'),
    );
    renameSync(fresh, specDir);
    await until(() => readFileSync(path.join(out, 'docs', 'index.md'), 'utf8').includes('# Restored API reference'), 15_000);
    expect(log.stderr).toMatch(/is back: watching it again/);
    // And later edits in the new folder are seen.
    const count = writes();
    writeFileSync(spec, readFileSync(spec, 'utf8').replace('title: Restored API', 'title: Edited Again API'));
    await until(() => writes() > count && readFileSync(path.join(out, 'docs', 'index.md'), 'utf8').includes('# Edited Again API reference'), 15_000);
  });
});
