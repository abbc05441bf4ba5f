/**
 * The regular expressions of `pattern` and `patternProperties`. JSON Schema 2020-12 reads patterns
 * as ECMA-262, and ajv compiles them with the `u` flag; OpenAPI documents often hold patterns that
 * are valid JavaScript only without it (`^[a-zA-Z0-9_\-\:]+$`: identity escapes). Such a pattern
 * compiles without `u`, that pattern alone; one invalid either way still fails to compile.
 *
 * ajv calls the engine at generation time and emits `<code>(pattern, "u")` into the standalone
 * module, so the same function runs in the generated package without any import.
 */
import type { RegExpEngine } from 'ajv/dist/types/index.js';

const SOURCE = `function patternRegExp(pattern, flags) {
  try {
    return new RegExp(pattern, flags);
  } catch (error) {
    if (!flags.includes("u")) throw error;
    try {
      return new RegExp(pattern, flags.replace("u", ""));
    } catch {
      throw error;
    }
  }
}`;

// One source for both uses: the function ajv calls now and the code it writes into the module.
const compiled = new Function(`return ${SOURCE}`)() as (pattern: string, flags: string) => RegExp;

export const patternRegExp: RegExpEngine = Object.assign(compiled, { code: `(${SOURCE})` });

