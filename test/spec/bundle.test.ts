/**
 * The document as a whole: it bundles and lints clean with redocly.yaml, and its root (version,
 * servers, security) says what the source's Authentication, Limits and Versioning sections say.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LoadedSpec } from '../../generator/load/load.js';
import { GenerationError } from '../../generator/lib/problems.js';
import { REPO_ROOT, at, isObject, loadBundledSpec, obj, operationsOf, type JsonObject } from './support/document.js';
import { itWithSource, readSource, section, tableIn } from './support/source.js';

let loaded: LoadedSpec | undefined;
let loadError: unknown;
let doc: JsonObject;

beforeAll(async () => {
  try {
    loaded = await loadBundledSpec();
    doc = obj(loaded.document, 'bundled document');
  } catch (err) {
    loadError = err;
  }
});

function spec(): JsonObject {
  if (!loaded) throw new Error(`the spec did not load: ${String(loadError)}`);
  return doc;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

describe('bundle and lint', () => {
  it('bundles spec/openapi.yaml and lints it with redocly.yaml without errors', () => {
    const problems = loadError instanceof GenerationError ? loadError.problems : [];
    expect(problems, String(loadError)).toEqual([]);
    expect(loadError, String(loadError)).toBeUndefined();
    expect(loaded).toBeDefined();
  });

  it('reports no lint warnings', () => {
    expect(loaded?.warnings).toEqual([]);
  });

  it('leaves no external $ref in the bundled document', () => {
    const refs = JSON.stringify(spec()).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((r) => !r.startsWith('"$ref":"#/'))).toEqual([]);
  });

  it('reads every YAML file under spec/ (no orphan file)', () => {
    const read = new Set((loaded?.files ?? []).map((f) => path.resolve(f)));
    const onDisk = walk(path.join(REPO_ROOT, 'spec')).filter((f) => /\.ya?ml$/.test(f));
    expect(onDisk.length).toBeGreaterThan(100);
    expect(onDisk.filter((f) => !read.has(f)).map((f) => path.relative(REPO_ROOT, f))).toEqual([]);
  });
});

describe('versions (source: Versioning)', () => {
  it('is an OpenAPI 3.1.x document', () => {
    expect(spec().openapi).toMatch(/^3\.1\.\d+$/);
  });

  it("labels the interface version '1.0' (a string)", () => {
    expect(at(spec(), '/info/version')).toBe('1.0');
  });

  it('puts every path under the /v1 prefix', () => {
    const paths = Object.keys(obj(spec().paths, 'paths'));
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((p) => !p.startsWith('/v1/'))).toEqual([]);
  });
});

describe('servers (source: What the service does; Limits, Rate limits)', () => {
  /** The source's rate-limit table, read as numbers: "1,000,000 requests per day" → 1000000. */
  function sourceRateLimits(): Map<string, { requestsPerSecond: number; burst: number; dailyQuota: number }> {
    const table = tableIn(section(readSource(), 'Rate limits'), 'Environment');
    expect(table.header).toEqual(['Environment', 'Requests per second', 'Burst capacity', 'Daily quota']);
    const num = (cell: string | undefined) => {
      const m = /^([\d,]+)/.exec(cell ?? '');
      if (!m) throw new Error(`not a number: ${cell}`);
      return Number(m[1]!.replace(/,/g, ''));
    };
    return new Map(table.rows.map((r) => [(r[0] ?? '').toLowerCase(), { requestsPerSecond: num(r[1]), burst: num(r[2]), dailyQuota: num(r[3]) }]));
  }

  function servers(): JsonObject[] {
    const list = spec().servers;
    if (!Array.isArray(list)) throw new Error('servers is not an array');
    return list.map((s, i) => obj(s, `servers[${i}]`));
  }

  it('has exactly two servers, staging and production, told apart by x-environment', () => {
    expect(
      servers()
        .map((s) => s['x-environment'])
        .sort(),
    ).toEqual(['production', 'staging']);
  });

  it('writes each base address as a variable of its own, {<environment>_base_url}', () => {
    for (const server of servers()) {
      const variable = `${String(server['x-environment'])}_base_url`;
      expect(server.url).toBe(`{${variable}}`);
      expect(isObject(at(server, `/variables/${variable}`))).toBe(true);
    }
  });

  it('names no hostname anywhere in servers (the source does not show the base addresses)', () => {
    const text = JSON.stringify(spec().servers);
    expect(text).not.toMatch(/[a-z][a-z0-9+.-]*:\/\//i);
    for (const server of servers()) {
      const dflt = at(server, `/variables/${String(server['x-environment'])}_base_url/default`);
      expect(dflt === undefined || dflt === '').toBe(true);
      expect(String(server.url)).not.toMatch(/[a-z0-9-]+\.[a-z]{2,}/i);
    }
  });

  itWithSource("gives each environment's x-rate-limit exactly the source's figures", () => {
    const expected = sourceRateLimits();
    // The figures themselves, so a slip in reading the table cannot pass unnoticed.
    expect(Object.fromEntries(expected)).toEqual({
      production: { requestsPerSecond: 250, burst: 500, dailyQuota: 1_000_000 },
      staging: { requestsPerSecond: 50, burst: 100, dailyQuota: 200_000 },
    });
    for (const server of servers()) {
      expect(server['x-rate-limit'], String(server['x-environment'])).toEqual(expected.get(String(server['x-environment'])));
    }
  });

  it('records the pagination defaults (page 1, pageSize 50) as an x- extension', () => {
    expect(at(spec(), '/x-pagination/defaultPage')).toBe(1);
    expect(at(spec(), '/x-pagination/defaultPageSize')).toBe(50);
  });
});

describe('security (source: Authentication)', () => {
  function schemes(): Record<string, JsonObject> {
    const all = obj(at(spec(), '/components/securitySchemes'), 'components.securitySchemes');
    return Object.fromEntries(Object.entries(all).map(([k, v]) => [k, obj(v, k)]));
  }

  it('declares two apiKey header schemes named x-api-key and x-api-secret', () => {
    const headers = Object.values(schemes()).map((s) => ({ type: s.type, in: s.in, name: s.name }));
    expect(headers).toHaveLength(2);
    expect(headers).toEqual(
      expect.arrayContaining([
        { type: 'apiKey', in: 'header', name: 'x-api-key' },
        { type: 'apiKey', in: 'header', name: 'x-api-secret' },
      ]),
    );
  });

  it('requires both headers together at the root: one requirement object naming both schemes', () => {
    const security = spec().security;
    expect(Array.isArray(security)).toBe(true);
    const requirements = security as unknown[];
    expect(requirements).toHaveLength(1);
    const requirement = obj(requirements[0], 'security[0]');
    const byName = schemes();
    const headerNames = Object.keys(requirement)
      .map((k) => byName[k]?.name)
      .sort();
    expect(headerNames).toEqual(['x-api-key', 'x-api-secret']);
    for (const scopes of Object.values(requirement)) expect(scopes).toEqual([]);
  });

  it('lets no operation override the root security (every operation needs both headers)', () => {
    const overriding = operationsOf(spec())
      .filter((o) => o.operation.security !== undefined)
      .map((o) => `${o.method.toUpperCase()} ${o.path}`);
    expect(overriding).toEqual([]);
  });
});
