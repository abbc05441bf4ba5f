/**
 * Why the sampler (./sample.ts) could not be loaded, when one of its optional peers is the cause:
 * not installed, or installed at a version without what the sampler imports (an ajv 6 another
 * tool hoisted to `node_modules/ajv` has no `ajv/dist/2020.js`; a json-schema-faker before 0.6 has
 * no `generateSync`). Imported only after the sampler failed to load: each peer is imported as the
 * sampler imports it, and the first that fails is named with the version found, read from its
 * package.json where the runtime has a file system (Node, Bun, Deno), else left unknown.
 */

/** A peer the sampler cannot use. `found`: the version installed; `null` when it is not installed; `undefined` when unknown. */
export interface PeerProblem {
  readonly name: string;
  readonly found: string | null | undefined;
  /** What the installed version lacks (for a version found). */
  readonly lacks: string;
}

/** Each peer as the sampler uses it (sample.ts, sample-judge.ts): the module it imports, and whether that has what it uses. */
// Each peer is probed through a module of ours that imports what the sampler imports of it, by
// name: a bundler keeps only those names (nothing is added to a bundle), a worker runtime that
// refuses computed specifiers (workerd) loads it, and a version without one of them fails its import.
const NEEDS: readonly { name: string; load: () => Promise<unknown>; lacks: string; usable: (module: any) => boolean }[] = [
  { name: 'ajv', load: () => import('./peer-ajv.js'), lacks: 'no Ajv2020 in ajv/dist/2020.js', usable: (m) => typeof m.Ajv2020 === 'function' },
  {
    name: 'ajv-formats',
    load: () => import('./peer-ajv-formats.js'),
    lacks: 'no default export to add the formats',
    usable: (m) => typeof (m.default?.default ?? m.default) === 'function',
  },
  {
    name: 'json-schema-faker',
    load: () => import('./peer-json-schema-faker.js'),
    lacks: 'no generateSync',
    usable: (m) => typeof m.generateSync === 'function',
  },
];

/** The first peer the sampler cannot use, or undefined when each imports as it needs (the sampler failed for another reason). */
export async function peerProblem(): Promise<PeerProblem | undefined> {
  for (const { name, load, lacks, usable } of NEEDS) {
    let module: unknown;
    try {
      module = await load();
    } catch (err) {
      if (isMissing(name, err)) return { name, found: null, lacks };
      return { name, found: installedVersion(name), lacks };
    }
    if (!usable(module)) return { name, found: installedVersion(name), lacks };
  }
  return undefined;
}

/** Whether an import failed because the package itself cannot be found (not a file inside it). */
function isMissing(name: string, err: unknown): boolean {
  // A name the installed version does not export fails the import as a SyntaxError ("Named export … not found").
  if (err instanceof SyntaxError) return false;
  const message = err instanceof Error ? err.message : '';
  return new RegExp(`['"]${name.replace(/[-/]/g, '\\$&')}['"]`).test(message) && /cannot find|not found|could not resolve/i.test(message);
}

/** The `version` of the package.json of `name` as it resolves from here, or undefined where that cannot be read. */
function installedVersion(name: string): string | undefined {
  try {
    const fs = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.('node:fs') as
      | typeof import('node:fs')
      | undefined;
    if (!fs) return undefined;
    // The package's entry, then up its folders to the package.json that names it (the entry may sit in dist/ or lib/).
    let folder = new URL('.', import.meta.resolve(name));
    for (let depth = 0; depth < 8; depth++) {
      const manifest = readJson(fs, new URL('package.json', folder));
      if (manifest?.name === name) return typeof manifest.version === 'string' ? manifest.version : undefined;
      const parent = new URL('..', folder);
      if (parent.href === folder.href) break;
      folder = parent;
    }
  } catch {
    // No resolution here (a bundle, a browser): the version stays unknown.
  }
  return undefined;
}

function readJson(fs: typeof import('node:fs'), file: URL): { name?: unknown; version?: unknown } | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
  } catch {
    return undefined;
  }
}
