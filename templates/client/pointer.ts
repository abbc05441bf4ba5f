/** JSON Pointer (RFC 6901) reference tokens, as the client's and the mock's problems name places. */

/** `a/b~c` → `a~1b~0c`. */
export const escapeToken = (token: string): string => token.replaceAll('~', '~0').replaceAll('/', '~1');

/** `a~1b~0c` → `a/b~c` (`~1` first, so `~01` stays `~1`). */
export const unescapeToken = (token: string): string => token.replaceAll('~1', '/').replaceAll('~0', '~');
