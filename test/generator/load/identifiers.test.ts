/** JSON Schema identifiers read statically at load (generator/load/identifiers.ts). */
import { describe, expect, it } from 'vitest';
import { pointerRef, resolveSchemaIdentifiers } from '../../../generator/load/identifiers.js';

const BASE = 'file:///specs/openapi.yaml';

describe('resolveSchemaIdentifiers', () => {
  it('rewrites references by $id, relative $id, URN, anchor and pointer inside a resource into JSON pointers', () => {
    const root = {
      components: {
        schemas: {
          A: {
            $id: 'urn:example:a',
            $defs: { 'odd key%': { $id: 'urn:example:odd', type: 'string' }, named: { $anchor: 'named' } },
            properties: { x: { $ref: 'urn:example:odd' }, y: { $ref: '#named' }, z: { $ref: '#/$defs/named' }, w: { $ref: '#' } },
          },
          B: { $ref: 'urn:example:a#named' },
          C: { $defs: { c: { $anchor: 'top' } }, $ref: '#top' },
          E: { $id: 'https://example.test/e/root', $defs: { leaf: { $id: 'leaf' } }, items: { $ref: 'leaf' } },
        },
      },
    };
    expect(resolveSchemaIdentifiers(root, BASE)).toBe(7);
    const { A, B, C, E } = root.components.schemas;
    expect(A.properties).toEqual({
      x: { $ref: '#/components/schemas/A/$defs/odd%20key%25' },
      y: { $ref: '#/components/schemas/A/$defs/named' },
      z: { $ref: '#/components/schemas/A/$defs/named' },
      w: { $ref: '#/components/schemas/A' },
    });
    expect(B.$ref).toBe('#/components/schemas/A/$defs/named');
    expect(C.$ref).toBe('#/components/schemas/C/$defs/c');
    expect(E.items.$ref).toBe('#/components/schemas/E/$defs/leaf');
  });

  it('leaves document pointers, other files, URLs, missing targets and data as written', () => {
    const root = {
      components: {
        schemas: {
          A: { $ref: '#/components/schemas/B' },
          B: { $ref: 'other.yaml#/B' },
          C: {
            $id: 'https://example.test/c',
            properties: { p: { $ref: '#/components/schemas/B' }, q: { $ref: 'https://example.test/elsewhere' }, r: { $ref: '#nowhere' } },
          },
          D: { examples: [{ $id: 'https://example.test/d', $anchor: 'd' }], $ref: '#d' },
        },
      },
    };
    const before = structuredClone(root);
    expect(resolveSchemaIdentifiers(root, BASE)).toBe(0);
    expect(root).toEqual(before);
  });

  it('writes a pointer as a URI fragment: escaped, then percent-encoded where a fragment needs it', () => {
    expect(pointerRef(['components', 'schemas', 'a/b~c', 'quote"d', '$defs'])).toBe('#/components/schemas/a~1b~0c/quote%22d/$defs');
  });
});
