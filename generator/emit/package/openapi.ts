/**
 * The bundled document itself, shipped as `openapi.json` at the package root for other tools
 * (Prism, Postman, the package's own mock): one file, every `$ref` internal, component names as
 * the author wrote them. Pretty-printed in the bundle's key order, so the same spec gives the same bytes.
 */
import type { Files } from '../../lib/files.js';
import { OPENAPI_FILE } from '../names.js';

export function emitOpenApi(document: object): Files {
  return new Map([[OPENAPI_FILE, `${JSON.stringify(document, null, 2)}\n`]]);
}
