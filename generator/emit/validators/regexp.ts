/**
 * The regular expressions of `pattern` and `patternProperties`. JSON Schema 2020-12 reads patterns
 * as ECMA-262, and ajv compiles them with the `u` flag; OpenAPI documents often hold patterns that
 * are valid JavaScript only without it (`^[a-zA-Z0-9_\-\:]+$`: identity escapes). Such a pattern
 * compiles without `u`, that pattern alone; one invalid either way still fails to compile.
 *
 * ajv calls the engine at generation time and emits `<code>(pattern, "u")` into the standalone
 * module, so the same function runs in the generated package without any import. A document with
 * patterns that can backtrack catastrophically (patterns.ts) gets an engine that hands those to the
 * package's linear-time engine (runtime/linear-regexp.js), by their RE2 form.
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

/** How the code ajv writes names the runtime's linear-time engine (emit/validators/validators.ts ESM_RUNTIME maps it). */
export const LINEAR_ENGINE = 'linear-regexp';

/**
 * The engine for a document whose patterns in `linear` (pattern → its RE2 form) run in linear time:
 * at generation it compiles as patternRegExp does (ajv only checks and keys the pattern), in the
 * package the patterns of `linear` go to the linear-time engine.
 */
export function patternEngine(linear: Readonly<Record<string, string>> = {}): RegExpEngine {
  const entries = Object.entries(linear).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (!entries.length) return patternRegExp;
  const source = SOURCE.replace(
    '{\n  try {',
    `{\n  const linear = new Map(${JSON.stringify(entries)});\n  if (linear.has(pattern)) return require("${LINEAR_ENGINE}").linearRegExp(linear.get(pattern));\n  try {`,
  );
  if (source === SOURCE) throw new Error('patternEngine: the engine source changed shape');
  return Object.assign((pattern: string, flags: string) => compiled(pattern, flags), { code: `(${source})` });
}
