/**
 * Components keep the author's names (generator/load/author-names.ts): in a multi-file layout the
 * bundler names a component after its file (`user`); the type, the validator and the page are
 * named as the author wrote the key (`User`), and the author's own aliases stay aliases.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate, TOOL_ROOT } from '../../../generator/generate.js';

const FIXTURES = path.join(TOOL_ROOT, 'test', 'fixtures', 'hostile-io');

describe('components keep the author’s names in a multi-file layout', () => {
  const spec = path.join(FIXTURES, 'multi-file', 'openapi.yaml');

  it('names the type, validator and page User, not user', async () => {
    const { files } = await generate({ spec });
    const types = files.get('src/types.ts')!;
    expect(types).toContain(`export type User = components['schemas']["User"];`);
    expect(types).toContain(`export type Team = components['schemas']["Team"];`);
    expect(types).not.toMatch(/["']user["']|["']team["']|user-id/);
    const pages = [...files.keys()].filter((f) => f.startsWith('docs/schemas/') && f !== 'docs/schemas/index.md').sort();
    expect(pages).toEqual(['docs/schemas/Member.md', 'docs/schemas/Team.md', 'docs/schemas/User.md']);
    const schema = files.get('src/schema.ts')!;
    expect(schema).toContain(`id: components["parameters"]["UserId"]`);
    // The author's own alias stays an alias of the author's key.
    expect(schema).toMatch(/Member: components\["schemas"\]\["User"\]/);
  });
});
