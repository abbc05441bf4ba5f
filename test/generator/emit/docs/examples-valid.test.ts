/**
 * Every JSON block the committed reference shows is checked by the package's own validator for
 * that body: the docs mark each block with the validator's name (`<!-- json-example: name -->`,
 * `none` where the body has none). An example the document gives that its own schema refuses
 * fails here: a finding for spec/, not something the pages may hide.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pages, read } from '../../support/markdown-pages.js';

const generatedDir = path.resolve(import.meta.dirname, '../../../../generated');
const docsDir = path.join(generatedDir, 'docs');
type Check = (value: unknown) => { valid: boolean; problems?: readonly { pointer: string; message: string }[] };
const validators = (await import(pathToFileURL(path.join(generatedDir, 'dist', 'validators.js')).href)) as Record<string, { check?: Check }>;

/** Each ```json block of a page: the marker right before it (undefined: none), its text and its line. */
function jsonBlocks(source: string): { marker: string | undefined; json: string; line: number }[] {
  const blocks: { marker: string | undefined; json: string; line: number }[] = [];
  for (const match of source.matchAll(/(?:<!-- json-example: (\S+) -->\n)?```json\n([\s\S]*?)\n```/g)) {
    blocks.push({ marker: match[1], json: match[2]!, line: source.slice(0, match.index).split('\n').length });
  }
  return blocks;
}

const shown = pages(docsDir).flatMap((page) => jsonBlocks(read(docsDir, page)).map((block) => ({ page, ...block })));

describe('the JSON blocks of the reference pages', () => {
  it('each names the validator that checks it', () => {
    expect(shown.filter((b) => b.marker === undefined).map((b) => `${b.page}:${b.line}`)).toEqual([]);
  });

  it.each(shown.filter((b) => b.marker !== undefined && b.marker !== 'none').map((b) => [`${b.page}:${b.line} (${b.marker})`, b] as const))(
    '%s is accepted by its validator',
    (_, block) => {
      const validator = validators[block.marker!];
      expect(validator?.check, `${block.marker} is not exported by the package's validators`).toBeTypeOf('function');
      const result = validator!.check!(JSON.parse(block.json));
      expect(result.problems ?? [], `${block.page}:${block.line}`).toEqual([]);
      expect(result.valid).toBe(true);
    },
  );
});
