/**
 * output.ts `openTree`: a tree written in stages while generation runs. Whatever was staged, the
 * committed tree is exactly the final files; until the commit the output directory stays as it
 * was, and a discarded tree leaves nothing behind. Real files in temporary folders.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { treeSnapshot } from '../support/generate-and-check.js';
import { BANNER_TEXT, withBanner } from '../../../generator/output/banner.js';
import { openTree, writeTree } from '../../../generator/output/output.js';
import { GenerationError } from '../../../generator/lib/problems.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'output-staged-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let count = 0;
/** A fresh, not yet existing path under the work folder. */
const fresh = (name: string) => path.join(work, `${name}-${count++}`);

const pkg = (version: string) => `{"//": ${JSON.stringify(BANNER_TEXT)}, "version": "${version}"}\n`;
const file = (name: string, text: string): [string, string] => [name, withBanner(name, text)];

/** The tree `writeTree` makes of `files` in a new folder: what every staged tree must end as. */
function written(files: Map<string, string>): Map<string, string> {
  const dir = fresh('reference');
  writeTree(dir, files);
  return treeSnapshot(dir);
}

describe('openTree', () => {
  it('commits exactly the final files, whatever was staged: changed, dropped (with the folders it leaves empty), and a file that became a folder', () => {
    const out = fresh('out');
    const tree = openTree(out);
    tree.write(new Map([file('docs/a.md', 'first'), file('docs/deep/gone.md', 'dropped'), file('src/x.ts', 'export const x = 1;\n'), file('src/x', 'a file')]));
    tree.write(new Map([file('docs/a.md', 'second')]));
    expect(existsSync(out)).toBe(false);
    const final = new Map([
      ['package.json', pkg('1.0.0')],
      file('docs/a.md', 'third'),
      file('src/x.ts', 'export const x = 1;\n'),
      file('src/x/y.ts', 'now a folder'),
    ]);
    tree.commit(final);
    tree.discard();
    expect(treeSnapshot(out)).toEqual(written(final));
    expect(readdirSync(path.dirname(out)).filter((name) => name.startsWith(`.${path.basename(out)}.`))).toEqual([]);
  });

  it('never writes through a hard link into the previous output: a staged file linked from it and changed at commit leaves the old bytes where they are linked', () => {
    const out = fresh('out');
    writeTree(out, new Map([['package.json', pkg('1.0.0')], file('src/a.ts', 'old')]));
    // A second name for the old file's bytes (as a backup tool or an editor might hold).
    const elsewhere = fresh('kept');
    linkSync(path.join(out, 'src/a.ts'), elsewhere);
    const tree = openTree(out);
    tree.write(new Map([file('src/a.ts', 'old')]));
    expect(statSync(elsewhere).nlink).toBe(3); // the old output, the staged tree, elsewhere
    tree.write(new Map([file('src/a.ts', 'newer')]));
    const final = new Map([['package.json', pkg('1.0.1')], file('src/a.ts', 'newest')]);
    tree.commit(final);
    expect(readFileSync(elsewhere, 'utf8')).toBe(withBanner('src/a.ts', 'old'));
    expect(treeSnapshot(out)).toEqual(written(final));
  });

  it('a staged file unchanged since the previous output stays a hard link to it', () => {
    const out = fresh('out');
    const files = new Map([['package.json', pkg('1.0.0')], file('src/same.ts', 'same')]);
    writeTree(out, files);
    const inode = statSync(path.join(out, 'src/same.ts')).ino;
    const tree = openTree(out);
    tree.write(new Map([file('src/same.ts', 'same')]));
    tree.commit(files);
    expect(statSync(path.join(out, 'src/same.ts')).ino).toBe(inode);
  });

  it('discarded, leaves the output directory as it was and removes the parent folders it made', () => {
    const out = fresh('out');
    writeTree(out, new Map([['package.json', pkg('1.0.0')], file('src/a.ts', 'a')]));
    const before = treeSnapshot(path.dirname(out));
    const tree = openTree(out);
    tree.write(new Map([file('src/a.ts', 'changed'), file('src/b.ts', 'new')]));
    tree.discard();
    expect(treeSnapshot(path.dirname(out))).toEqual(before);

    const top = fresh('new');
    const deep = openTree(path.join(top, 'deeper', 'out'));
    deep.write(new Map([file('src/a.ts', 'a')]));
    deep.discard();
    expect(existsSync(top)).toBe(false);
  });

  it('checks again at commit that the output directory may be replaced: a file someone put there meanwhile is refused, and kept', () => {
    const out = fresh('out');
    writeTree(out, new Map([['package.json', pkg('1.0.0')]]));
    const tree = openTree(out);
    tree.write(new Map([file('src/a.ts', 'a')]));
    writeFileSync(path.join(out, 'notes.txt'), 'mine');
    const before = treeSnapshot(out);
    expect(() => tree.commit(new Map([['package.json', pkg('1.0.1')], file('src/a.ts', 'a')]))).toThrow(GenerationError);
    tree.discard();
    expect(treeSnapshot(out)).toEqual(before);
  });

  it('refuses unsafe names when staging, also a name that is a file in one stage and a folder in another', () => {
    const tree = openTree(fresh('out'));
    expect(() => tree.write(new Map([['../escape.md', 'x']]))).toThrow(GenerationError);
    tree.write(new Map([file('docs/a.md', 'x')]));
    expect(() => tree.write(new Map([file('docs/a.md/b.md', 'y')]))).toThrow('is also a file');
    tree.discard();
  });

  it('removes the temporary tree a run that no longer lives left (stopped while generating), not a living run’s, nor an .old- tree', () => {
    const out = fresh('out');
    const parent = path.dirname(out);
    const gone = spawnSync(process.execPath, ['-e', '']).pid!; // a process that has ended
    const sibling = (kind: string, pid: number) => path.join(parent, `.${path.basename(out)}.${kind}-${pid}`);
    for (const dir of [sibling('tmp', gone), sibling('tmp', process.ppid), sibling('old', gone)]) {
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'x.md'), 'x');
    }
    const tree = openTree(out);
    expect(existsSync(sibling('tmp', gone))).toBe(false);
    expect(existsSync(sibling('tmp', process.ppid))).toBe(true);
    expect(existsSync(sibling('old', gone))).toBe(true);
    tree.discard();
  });
});
