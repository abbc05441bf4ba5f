/**
 * Documents from elsewhere that used to crash or lose validators: other JSON Schema dialects
 * (in-process and in the validators' child process alike), `openapi: "3.1"` without a patch
 * version, patterns valid only without the `u` flag, an operation schema that is its component,
 * and a crash inside the child process.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generate } from '../../../generator/generate.js';
import { buildModel } from '../../../generator/model/model.js';
import { emitValidatorsInChildren } from '../../../generator/emit/validators/process.js';
import { toJsonSchema } from '../../../generator/emit/validators/json-schema.js';
import { runCapturing, scratchFolder } from '../support/generate-and-check.js';

const scratch = scratchFolder('robust');
const specFile = scratch.spec;

async function cli(spec: string) {
  const out = scratch.fresh('out');
  return { ...(await runCapturing(['--spec', spec, '--out', out])), out };
}

type Validators = Record<string, any>;
const importValidators = (out: string): Promise<Validators> => import(pathToFileURL(path.join(out, 'dist', 'validators.js')).href);

const DIALECTS = `openapi: 3.1.0
info: { title: Dialects, version: '1' }
paths:
  /things:
    post:
      operationId: createThing
      requestBody:
        content:
          application/json:
            schema:
              $schema: http://json-schema.org/draft-04/schema#
              type: object
              required: [name]
              properties:
                name: { type: string }
      responses:
        '200':
          description: created
          content:
            application/json:
              schema: { $ref: '#/components/schemas/CreateThingResponse' }
components:
  schemas:
    CreateThingResponse:
      type: object
      properties:
        id: { type: string }
    Seven:
      $schema: http://json-schema.org/draft-07/schema#
      type: object
      properties:
        # draft-07 ignores keywords beside $ref: "type: integer" does not apply
        label: { $ref: '#/components/schemas/Label', type: integer }
    Label:
      $schema: https://json-schema.org/draft/2019-09/schema
      type: string
    Oas:
      $schema: https://spec.openapis.org/oas/3.1/dialect/base
      type: integer
    Strange:
      $schema: https://example.test/my-dialect
      type: string
    UsesStrange:
      type: object
      properties:
        strange: { $ref: '#/components/schemas/Strange' }
`;

describe('JSON Schema dialects', () => {
  it('compiles draft-04, draft-07, 2019-09 and OpenAPI 3.1 schemas with their meaning, skips an unknown dialect with a located warning; in-process and in the child alike', async () => {
    const spec = specFile(DIALECTS);
    const [inProcess, inChild] = await Promise.all([generate({ spec, validatorsInChild: false }), generate({ spec, validatorsInChild: true })]);
    const validatorFiles = (files: Map<string, string>) => [...files].filter(([name]) => /validators/.test(name));
    expect(validatorFiles(inChild.files).length).toBeGreaterThan(0);
    expect(validatorFiles(inChild.files)).toEqual(validatorFiles(inProcess.files));
    expect(inChild.warnings).toEqual(inProcess.warnings);
    const skipped = inProcess.warnings.filter((w) => w.startsWith('validator skipped'));
    expect(skipped).toEqual([
      expect.stringMatching(
        /^validator skipped: #\/components\/schemas\/Strange: unsupported JSON Schema dialect "https:\/\/example\.test\/my-dialect" \(\$schema\)/,
      ),
      expect.stringMatching(/^validator skipped: #\/components\/schemas\/UsesStrange: can't resolve reference #\/components\/schemas\/Strange /),
    ]);

    const { code, stderr, out } = await cli(spec);
    expect(code, stderr).toBe(0);
    expect(stderr).not.toMatch(/\n\s+at /); // no stack
    const v = await importValidators(out);
    expect(v.validateSeven({ label: 'a' })).toBe(true);
    expect(v.validateSeven({ label: 1 })).toBe(false);
    expect(v.validateLabel('x')).toBe(true);
    expect(v.validateOas(1)).toBe(true);
    expect(v.validateOas('1')).toBe(false);
    expect(v.validateCreateThingRequest({ name: 'n' })).toBe(true);
    expect(v.validateCreateThingRequest({})).toBe(false);
    expect(v.validateStrange).toBeUndefined();
    expect(v.validateUsesStrange).toBeUndefined();
    // The 200 body is exactly its component, and its validator's name is the component's: one validator serves both.
    expect(v.operationValidators.createThing.responses['200']).toBe(v.validateCreateThingResponse);
  }, 60_000);

  it('reads schemas in the document-wide jsonSchemaDialect', async () => {
    const spec = specFile(`openapi: 3.1.0
jsonSchemaDialect: http://json-schema.org/draft-07/schema#
info: { title: Dialect, version: '1' }
paths: {}
components:
  schemas:
    Wrapped:
      type: object
      properties:
        x: { $ref: '#/components/schemas/Name', maxLength: 1 }
    Name: { type: string }
`);
    const { code, stderr, out } = await cli(spec);
    expect(code, stderr).toBe(0);
    const v = await importValidators(out);
    expect(v.validateWrapped({ x: 'longer than one' })).toBe(true); // maxLength beside $ref: ignored in draft-07
  });

  it('skips every validator, with a warning at /jsonSchemaDialect, when the document dialect is unknown', async () => {
    const spec = specFile(`openapi: 3.1.0
jsonSchemaDialect: https://example.test/dialect
info: { title: Dialect, version: '1' }
paths: {}
components:
  schemas:
    Name: { type: string }
`);
    const { code, stderr } = await cli(spec);
    expect(code, stderr).toBe(0);
    expect(stderr).toMatch(/^warning: validator skipped: #\/jsonSchemaDialect: unsupported JSON Schema dialect "https:\/\/example\.test\/dialect"/m);
  });

  it.each([
    [
      'draft-07 tuple',
      'http://json-schema.org/draft-07/schema#',
      { type: 'array', items: [{ type: 'string' }], additionalItems: false },
      { type: 'array', prefixItems: [{ type: 'string' }], items: false },
    ],
    [
      'draft-07 additionalItems beside one items schema',
      'http://json-schema.org/draft-07/schema',
      { items: { type: 'string' }, additionalItems: false },
      { items: { type: 'string' } },
    ],
    [
      'draft-04 exclusive bound',
      'http://json-schema.org/draft-04/schema#',
      { type: 'number', minimum: 0, exclusiveMinimum: true, id: 'x' },
      { type: 'number', exclusiveMinimum: 0 },
    ],
    [
      'draft-06 $ref siblings',
      'http://json-schema.org/draft-06/schema#',
      { $ref: '#/components/schemas/A', minLength: 3 },
      { $ref: 'https://partner-recruitment.invalid/schemas/A' },
    ],
    [
      '2019-09 tuple',
      'https://json-schema.org/draft/2019-09/schema',
      { items: [{ type: 'integer' }], additionalItems: { type: 'string' } },
      { prefixItems: [{ type: 'integer' }], items: { type: 'string' } },
    ],
    [
      '2020-12 keeps $ref siblings',
      'https://json-schema.org/draft/2020-12/schema',
      { $ref: '#/components/schemas/A', minLength: 3, $id: 'https://x.test/a' },
      { $ref: 'https://partner-recruitment.invalid/schemas/A', minLength: 3 },
    ],
  ])('rewrites %s to 2020-12', (_name, $schema, given, want) => {
    expect(toJsonSchema({ $schema, ...given }, { openapi30: false, keepDiscriminator: true })).toEqual(want);
  });
});

describe('openapi version without a patch number', () => {
  it.each(['3.0', '3.1'])('accepts "%s" with a warning at the field', async (version) => {
    const spec = specFile(`openapi: "${version}"
info: { title: Short version, version: '1' }
paths: {}
components:
  schemas:
    Name: { type: string }
`);
    const { code, stderr, out } = await cli(spec);
    expect(code, stderr).toBe(0);
    expect(stderr).toContain(`${path.relative(process.cwd(), spec)}:1:10 #/openapi: "openapi: ${version}" has no patch version: read as ${version}.x`);
    const v = await importValidators(out);
    expect(v.validateName('x')).toBe(true);
    expect(v.validateName(1)).toBe(false);
  });

  it.each(['3', '3.2', '3.0x'])('still refuses "%s", located', async (version) => {
    const { code, stderr } = await cli(specFile(`openapi: "${version}"\ninfo: { title: T, version: '1' }\npaths: {}\n`));
    expect(code).toBe(1);
    expect(stderr).toMatch(/:1:10 #\/openapi: expected "openapi: 3\.0\.x" or "3\.1\.x"/);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});

describe('patterns', () => {
  it('keeps a validator whose pattern is valid only without the u flag; u semantics elsewhere; a pattern invalid both ways is skipped', async () => {
    const spec = specFile(`openapi: 3.1.0
info: { title: Patterns, version: '1' }
paths:
  /v2/tags:
    post:
      operationId: createTag
      requestBody:
        content:
          application/json:
            schema:
              type: object
              required: [name]
              properties:
                name: { type: string, pattern: '^[a-zA-Z0-9_\\-\\:]+$' }
      responses:
        '204': { description: done }
components:
  schemas:
    Letters: { type: string, pattern: '^\\p{L}+$' }
    Keys:
      type: object
      patternProperties:
        '^x\\-[a-z]+$': { type: integer }
      additionalProperties: false
    Broken: { type: string, pattern: '[\\p{L}' }
`);
    const { code, stderr, out } = await cli(spec);
    expect(code, stderr).toBe(0);
    expect(stderr.match(/validator skipped/g)).toHaveLength(1);
    expect(stderr).toMatch(/validator skipped: #\/components\/schemas\/Broken: Invalid regular expression/);
    const v = await importValidators(out);
    expect(v.validateCreateTagRequest({ name: 'k8s:prod-1_a' })).toBe(true);
    expect(v.validateCreateTagRequest({ name: 'has space' })).toBe(false);
    expect(v.validateLetters('Zoë')).toBe(true); // \p{L}: the u flag still applies where it compiles
    expect(v.validateLetters('x1')).toBe(false);
    expect(v.validateKeys({ 'x-a': 1 })).toBe(true);
    expect(v.validateKeys({ 'x-a': 'no' })).toBe(false);
    expect(v.validateKeys({ y: 1 })).toBe(false);
  });
});

describe('$refs into a component', () => {
  it('validates with the referenced part of the other component (openai.com: `$ref: .../CreateCompletionRequest/properties/user`)', async () => {
    const spec = specFile(`openapi: 3.0.3
info: { title: Inside, version: '1' }
paths: {}
components:
  schemas:
    Base:
      type: object
      properties:
        user id: { type: string, maxLength: 3 }
        tags: { type: array, items: { type: integer } }
    Uses:
      type: object
      properties:
        user: { $ref: '#/components/schemas/Base/properties/user id' }
        tag: { $ref: '#/components/schemas/Base/properties/tags/items' }
`);
    const { code, stderr, out } = await cli(spec);
    expect(code, stderr).toBe(0);
    expect(stderr).not.toContain('validator skipped');
    const v = await importValidators(out);
    expect(v.validateUses({ user: 'abc', tag: 1 })).toBe(true);
    expect(v.validateUses({ user: 'abcd' })).toBe(false);
    expect(v.validateUses({ tag: 'x' })).toBe(false);
  });
});

describe('the validators child process', () => {
  it('turns a crash into one error: the child’s name and first line, its stack kept for --debug', async () => {
    const error = (await emitValidatorsInChildren(
      null as never,
      buildModel({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} } as never),
      2,
    ).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('TypeError');
    expect(error.message).toMatch(/^validator compilation: Cannot read properties of null/);
    expect(error.message).not.toContain('\n');
    expect(error.stack).toMatch(/validators-child\.ts|model\.ts/);
  });
});
