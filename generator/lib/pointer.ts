/**
 * JSON Pointer (RFC 6901), the generator's one codec: a token escaped (`~` → `~0`, `/` → `~1`)
 * and unescaped, a pointer split into its tokens, and a local `$ref` (a URI fragment, RFC 6901
 * section 6: percent-encoded) read into the keys it names.
 */

/** One reference token: `a/b~c` → `a~1b~0c`. */
export const escapePointer = (token: string): string => token.replaceAll('~', '~0').replaceAll('/', '~1');

/** One reference token back: `a~1b~0c` → `a/b~c` (`~1` first, so `~01` stays `~1`). */
export const unescapePointer = (token: string): string => token.replaceAll('~1', '/').replaceAll('~0', '~');

/** `/a/b~1c` (or `#/a/b~1c`) → `['a', 'b/c']`; `''` and `#` → `[]`. Tokens are not percent-decoded. */
export const pointerTokens = (pointer: string): string[] => {
  const bare = pointer.replace(/^#/, '');
  return bare === '' ? [] : bare.replace(/^\//, '').split('/').map(unescapePointer);
};

/** `['a', 'b/c']` → `/a/b~1c`. */
export const pointerOf = (tokens: readonly string[]): string => tokens.map((t) => `/${escapePointer(t)}`).join('');

/**
 * The keys a local `$ref` (`#/a/b~1c/d%20e`) names, as openapi-typescript and Redocly read it: each
 * segment percent-decoded, then unescaped. Throws a URIError on a `%` that starts no encoding.
 */
export const refSegments = (ref: string): string[] =>
  ref
    .replace(/^#\/?/, '')
    .split('/')
    .map((s) => unescapePointer(decodeURIComponent(s)));

/** How many `$ref`s in a row any reader follows before it stops (a longer chain is a cycle or a mistake). */
export const MAX_REF_HOPS = 64;
