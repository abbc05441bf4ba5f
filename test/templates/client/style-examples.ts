/**
 * The OpenAPI specification's own serialization examples (the parameter `color`), shared by the
 * serializer's unit tests (params.test.ts) and the client-to-mock round trip (parameter-styles.test.ts).
 */
import type { ParameterStyle } from '../../../templates/client/params.js';

export type Location = 'path' | 'query' | 'header' | 'cookie';
export type Shape = 'primitive' | 'array' | 'object';

export const COLOR = { primitive: 'blue', array: ['blue', 'black', 'brown'], object: { R: 100, G: 200, B: 150 } } as const;
/** What a reader gets back: the wire carries strings. */
export const COLOR_READ = { primitive: 'blue', array: ['blue', 'black', 'brown'], object: { R: '100', G: '200', B: '150' } };

/**
 * OpenAPI 3.1.1 "Style Examples" (query rows without their `?`). 3.1.0's table differs in three
 * places that 3.1.1 corrected: `label` not exploded (3.1.0: `.blue.black.brown`), the names of
 * `spaceDelimited`/`pipeDelimited` (3.1.0 showed the value only), and `|`, `[`, `]` left raw.
 * Rows marked "ours" are combinations the specification leaves undefined (see params.ts).
 */
export const STYLE_EXAMPLES: readonly (readonly [Location, ParameterStyle, boolean, Readonly<Record<Shape, string>>])[] = [
  ['path', 'matrix', false, { primitive: ';color=blue', array: ';color=blue,black,brown', object: ';color=R,100,G,200,B,150' }],
  ['path', 'matrix', true, { primitive: ';color=blue', array: ';color=blue;color=black;color=brown', object: ';R=100;G=200;B=150' }],
  ['path', 'label', false, { primitive: '.blue', array: '.blue,black,brown', object: '.R,100,G,200,B,150' }],
  ['path', 'label', true, { primitive: '.blue', array: '.blue.black.brown', object: '.R=100.G=200.B=150' }],
  ['path', 'simple', false, { primitive: 'blue', array: 'blue,black,brown', object: 'R,100,G,200,B,150' }],
  ['path', 'simple', true, { primitive: 'blue', array: 'blue,black,brown', object: 'R=100,G=200,B=150' }],
  ['header', 'simple', false, { primitive: 'blue', array: 'blue,black,brown', object: 'R,100,G,200,B,150' }],
  ['header', 'simple', true, { primitive: 'blue', array: 'blue,black,brown', object: 'R=100,G=200,B=150' }],
  ['query', 'form', false, { primitive: 'color=blue', array: 'color=blue,black,brown', object: 'color=R,100,G,200,B,150' }],
  ['query', 'form', true, { primitive: 'color=blue', array: 'color=blue&color=black&color=brown', object: 'R=100&G=200&B=150' }],
  // primitive: ours (as form)
  ['query', 'spaceDelimited', false, { primitive: 'color=blue', array: 'color=blue%20black%20brown', object: 'color=R%20100%20G%20200%20B%20150' }],
  ['query', 'pipeDelimited', false, { primitive: 'color=blue', array: 'color=blue%7Cblack%7Cbrown', object: 'color=R%7C100%7CG%7C200%7CB%7C150' }],
  // ours: exploded spaceDelimited/pipeDelimited as form exploded
  ['query', 'spaceDelimited', true, { primitive: 'color=blue', array: 'color=blue&color=black&color=brown', object: 'R=100&G=200&B=150' }],
  ['query', 'pipeDelimited', true, { primitive: 'color=blue', array: 'color=blue&color=black&color=brown', object: 'R=100&G=200&B=150' }],
  // primitive and array: ours (as form exploded); explode false (its default): ours, the same
  [
    'query',
    'deepObject',
    true,
    { primitive: 'color=blue', array: 'color=blue&color=black&color=brown', object: 'color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150' },
  ],
  [
    'query',
    'deepObject',
    false,
    { primitive: 'color=blue', array: 'color=blue&color=black&color=brown', object: 'color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150' },
  ],
  // ours: form's pairs as cookies (3.1.1 Appendix D: `&` is wrong in a Cookie header)
  ['cookie', 'form', false, { primitive: 'color=blue', array: 'color=blue,black,brown', object: 'color=R,100,G,200,B,150' }],
  ['cookie', 'form', true, { primitive: 'color=blue', array: 'color=blue; color=black; color=brown', object: 'R=100; G=200; B=150' }],
];
