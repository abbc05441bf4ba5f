/** Source locations (generator/load/locate.ts): a pointer of the bundled document is located in the file the author wrote. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOOL_ROOT } from '../../../generator/generate.js';
import { SourceLocator } from '../../../generator/load/locate.js';

const FIXTURES = path.join(TOOL_ROOT, 'test', 'fixtures', 'hostile-io');

describe('pointers of a multi-file document', () => {
  const spec = path.join(FIXTURES, 'multi-file', 'openapi.yaml');

  it('locates pointers of the bundled document in the files they come from', () => {
    const locator = new SourceLocator();
    expect(locator.locate(spec, '/components/schemas/User/properties/name')).toMatchObject({
      file: expect.stringMatching(/multi-file\/schemas\/user\.yaml$/),
      line: 7,
      column: 5,
    });
    expect(locator.locate(spec, '/components/parameters/UserId/in')).toMatchObject({ file: expect.stringMatching(/parameters\/user-id\.yaml$/), line: 2 });
  });
});
