/**
 * The mock generated from test/fixtures/parameter-styles (one operation per location, each
 * parameter in a style other than its location's default) reads each parameter by its style: an
 * override function echoes what it was given. Requests are written by hand, then with the
 * package's own serializers fed the facts the generator emitted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInto } from '../../generator/support/generate-and-check.js';
import { load, ROOT } from './support.js';

const SPEC = path.join(ROOT, 'test', 'fixtures', 'parameter-styles', 'openapi.yaml');
const BASE = 'https://styles.example/v1';
const OPERATIONS = ['pathStyles', 'queryStyles', 'headerStyles', 'cookieStyles'];

let work: string;
let out: string;
let mock: any;
beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'parameter-styles-'));
  out = path.join(work, 'out');
  const run = await generateInto(SPEC, out);
  expect(run.code, run.output).toBe(0);
  const { createMockApi } = await load(out, 'mock');
  const echo = (_request: Request, parameters: unknown) => ({ body: parameters });
  mock = createMockApi({ overrides: Object.fromEntries(OPERATIONS.map((id) => [id, echo])) });
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The parameters the mock read from a request (credentials added: the query key, and the session cookie where asked). */
async function readBack(pathAndQuery: string, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const url = `${BASE}${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}api_key=k`;
  const response = await mock.fetch(url, { headers });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

const RGB = { R: 1, G: 2, B: 3 };

describe('the mock reads each parameter by its style', () => {
  it('path: label exploded, matrix exploded, simple exploded, JSON content', async () => {
    const json = encodeURIComponent(JSON.stringify(['x', 'y/z']));
    const { path: values } = await readBack(`/path/.1.2.3/;R=1;G=2;B=3/on=true,off=false/${json}`);
    expect(values).toEqual({ label: [1, 2, 3], matrix: RGB, simple: { on: true, off: false }, json: ['x', 'y/z'] });
  });

  it('query: form not exploded, spaceDelimited, pipeDelimited, deepObject, allowReserved, JSON content, form exploded object', async () => {
    const search = [
      'form=a,b%2Cc',
      'space=1%202+3',
      'pipe=R%7C1%7CG%7C2%7CB%7C3',
      'deep%5BR%5D=1&deep[G]=2&deep%5BB%5D=3',
      'reserved=/a/b?c:d',
      `where=${encodeURIComponent('{"lat":1.5}')}`,
      'x=7&y=8',
    ].join('&');
    const { query } = await readBack(`/query?${search}`);
    expect(query).toEqual({ form: ['a', 'b,c'], space: [1, 2, 3], pipe: RGB, deep: RGB, reserved: '/a/b?c:d', where: { lat: 1.5 }, rest: { x: 7, y: 8 } });
  });

  it('query validation sees the values as meant: items and properties are checked one by one', async () => {
    const response = await mock.fetch(`${BASE}/query?space=1%20x&pipe=R%7C1%7CG%7C999%7CB%7C3&z=nine&api_key=k`);
    expect(response.status).toBe(400);
    const pointers = (await response.json()).problems.map((p: { pointer: string }) => p.pointer).sort();
    expect(pointers).toEqual(['/query/pipe/G', '/query/rest/z', '/query/space/1']);
  });

  it('header: simple arrays, exploded objects and primitives, typed', async () => {
    const { header } = await readBack('/header', { 'X-Colors': 'red, green%2Cteal', 'x-rgb': 'R=1,G=2,B=3', 'X-Count': '42' });
    expect(header).toEqual({ 'X-Colors': ['red', 'green,teal'], 'X-Rgb': RGB, 'X-Count': 42 });
  });

  it('cookie: form not exploded, an exploded object beside the credential cookie, a boolean', async () => {
    const { cookie } = await readBack('/cookie', { cookie: 'session=s; colors=red,green%2Cteal; R=1; G=2; B=3; flag=true' });
    expect(cookie).toEqual({ colors: ['red', 'green,teal'], rgb: RGB, flag: true });
  });
});

/** How the package's table of operations (facts.ts) says each operation's parameters are written, by operationId. */
async function emittedFacts(): Promise<Map<string, unknown[]>> {
  const { operations } = await load(out, 'facts');
  const written = (p: Record<string, unknown>) =>
    Object.fromEntries(['name', 'in', 'style', 'explode', 'allowReserved', 'content'].filter((k) => k in p).map((k) => [k, p[k]]));
  return new Map((operations as { operationId: string; parameters: Record<string, unknown>[] }[]).map((o) => [o.operationId, o.parameters.map(written)]));
}

describe("the package's serializers and the mock agree", () => {
  it('emits the resolved facts of every parameter for the client', async () => {
    const facts = await emittedFacts();
    expect(facts.get('pathStyles')).toEqual([
      { name: 'label', in: 'path', style: 'label', explode: true, allowReserved: false },
      { name: 'matrix', in: 'path', style: 'matrix', explode: true, allowReserved: false },
      { name: 'simple', in: 'path', style: 'simple', explode: true, allowReserved: false },
      { name: 'json', in: 'path', style: 'simple', explode: false, allowReserved: false, content: 'application/json' },
    ]);
    expect(facts.get('cookieStyles')).toEqual([
      { name: 'colors', in: 'cookie', style: 'form', explode: false, allowReserved: false },
      { name: 'rgb', in: 'cookie', style: 'form', explode: true, allowReserved: false },
      { name: 'flag', in: 'cookie', style: 'form', explode: true, allowReserved: false },
    ]);
  });

  it('reads back what the serializers write, with values holding every delimiter', async () => {
    const params = await load(out, 'runtime/params');
    const facts = await emittedFacts();
    const hostile = 'a,b;c.d=e&f|g[h]#/é';

    const pathValues = { label: [1, 2], matrix: RGB, simple: { [hostile]: true }, json: [hostile, '..'] };
    const url = params.createPathSerializer(facts.get('pathStyles'))(`${BASE}/path/{label}/{matrix}/{simple}/{json}`, pathValues);
    expect((await readBack(url.slice(BASE.length))).path).toEqual(pathValues);

    const queryValues = { form: [hostile, 'x y'], space: [4, 5], pipe: RGB, deep: RGB, reserved: "/a:b@c!$'()*;=,", where: { lat: -2 }, rest: { n: 1 } };
    expect((await readBack(`/query?${params.createQuerySerializer(facts.get('queryStyles'))(queryValues)}`)).query).toEqual(queryValues);

    const [colors, rgb, count] = facts.get('headerStyles')!;
    const headers = {
      'X-Colors': params.serializeHeader(colors, [hostile, ' spaced ']),
      'X-Rgb': params.serializeHeader(rgb, RGB),
      'X-Count': params.serializeHeader(count, 7),
    };
    expect((await readBack('/header', headers)).header).toEqual({ 'X-Colors': [hostile, ' spaced '], 'X-Rgb': RGB, 'X-Count': 7 });

    const cookieValues = { colors: [hostile, 'x'], rgb: RGB, flag: false };
    const cookie = `session=s; ${params.serializeCookies(facts.get('cookieStyles'), cookieValues)}`;
    expect((await readBack('/cookie', { cookie })).cookie).toEqual(cookieValues);
  });
});
