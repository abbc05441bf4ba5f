/**
 * What a `$ref` may read (generator/load/resolve.ts): only files inside the spec's folder unless
 * `--allow-external-refs`; then http(s) URLs too, within a time and a size limit, never file: URLs.
 * Every refusal is located at the `$ref` and shows nothing of the file it refused. Real files in
 * temporary folders, real HTTP on 127.0.0.1.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, failure, workFolder } from '../support/io.js';
import { generate } from '../../../generator/generate.js';
import { GenerationError } from '../../../generator/lib/problems.js';

const { tree } = workFolder('resolve');

/** A minimal document whose one schema `Thing` is `{$ref: <ref>}`. */
const refDocument = (ref: string) => `openapi: 3.1.0
info:
  title: Refs
  version: '1.0'
paths: {}
components:
  schemas:
    Thing:
      $ref: '${ref}'
`;
/** Where `refDocument` puts the `$ref`. */
const REF_AT = 'openapi.yaml:9:7';

describe('$ref reads only the spec folder unless --allow-external-refs', () => {
  let requests = 0;
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requests++;
      if (req.url === '/thing.yaml') res.end('type: string\n');
      if (req.url === '/huge.yaml') {
        // An answer that never ends: a chunk at a time, for as long as the client reads.
        const more = () => {
          while (res.write(`# ${'x'.repeat(16 * 1024)}\n`));
          res.once('drain', more);
        };
        more();
      }
      // any other path: never answer
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  /** A spec folder `spec/` whose Thing is `$ref: <ref>`, beside `outside/secret.yaml`. */
  function layout(ref: (dir: string) => string): { dir: string; spec: string; out: string } {
    const dir = tree('refs', { 'outside/secret.yaml': 'type: string\ndescription: SECRET-CONTENT\n' });
    mkdirSync(path.join(dir, 'spec'));
    const spec = path.join(dir, 'spec', 'openapi.yaml');
    writeFileSync(spec, refDocument(ref(dir)));
    return { dir, spec, out: path.join(dir, 'out') };
  }

  async function refused(spec: string, out: string, target: string): Promise<void> {
    const r = await cli(['--spec', spec, '--out', out]);
    expect(r.code, failure(r)).toBe(1);
    expect(r.stderr).toContain(`${path.relative(process.cwd(), path.dirname(spec))}/${REF_AT}`);
    expect(r.stderr).toContain('refused');
    expect(r.stderr).toContain(target);
    expect(r.stderr).toContain('--allow-external-refs');
    expect(r.stderr).not.toContain('SECRET-CONTENT');
    expect(r.stderr).not.toMatch(/^\s{4}at /m);
    expect(existsSync(out)).toBe(false);
  }

  it('refuses an absolute path', async () => {
    const { spec, out } = layout((dir) => path.join(dir, 'outside', 'secret.yaml'));
    await refused(spec, out, 'outside/secret.yaml');
  });

  it('refuses ../ out of the folder', async () => {
    const { spec, out } = layout(() => '../outside/secret.yaml');
    await refused(spec, out, 'outside/secret.yaml');
  });

  it('refuses a symbolic link inside the folder that leads outside', async () => {
    const { dir, spec, out } = layout(() => './link.yaml');
    symlinkSync(path.join(dir, 'outside', 'secret.yaml'), path.join(dir, 'spec', 'link.yaml'));
    await refused(spec, out, 'symbolic link');
  });

  it('refuses an http URL without a request', async () => {
    const { spec, out } = layout(() => `${base}/thing.yaml`);
    const before = requests;
    await refused(spec, out, `${base}/thing.yaml`);
    expect(requests).toBe(before);
  });

  it('follows a sibling file inside the folder', async () => {
    const { dir, spec, out } = layout(() => './schemas/thing.yaml');
    mkdirSync(path.join(dir, 'spec', 'schemas'));
    writeFileSync(path.join(dir, 'spec', 'schemas', 'thing.yaml'), 'type: string\n');
    const r = await cli(['--spec', spec, '--out', out]);
    expect(r.code, failure(r)).toBe(0);
  });

  it('with --allow-external-refs reads ../ and http(s)', async () => {
    const up = layout(() => '../outside/secret.yaml');
    const r1 = await cli(['--spec', up.spec, '--out', up.out, '--allow-external-refs']);
    expect(r1.code, failure(r1)).toBe(0);
    expect(readFileSync(path.join(up.out, 'src', 'schema.ts'), 'utf8')).toContain('SECRET-CONTENT');

    const url = layout(() => `${base}/thing.yaml`);
    const r2 = await cli(['--spec', url.spec, '--out', url.out, '--allow-external-refs']);
    expect(r2.code, failure(r2)).toBe(0);
  });

  it('with --allow-external-refs a server that never answers fails within the timeout, located', async () => {
    const { spec } = layout(() => `${base}/never.yaml`);
    const started = performance.now();
    const error = await generate({ spec, allowExternalRefs: true, refTimeoutMs: 300 }).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(error).toBeInstanceOf(GenerationError);
    expect((error as Error).message).toContain(REF_AT);
    expect((error as Error).message).toContain(`no complete answer from ${base}/never.yaml within 300 ms`);
  });

  it('with --allow-external-refs an answer that never ends fails at the size limit, located', async () => {
    const { spec } = layout(() => `${base}/huge.yaml`);
    const error = await generate({ spec, allowExternalRefs: true, refMaxBytes: 1024 * 1024 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GenerationError);
    expect((error as Error).message).toContain(REF_AT);
    expect((error as Error).message).toContain(`${base}/huge.yaml: the answer has more than 1048576 bytes`);
  });

  it('refuses file: and other non-http URLs even with --allow-external-refs', async () => {
    const { spec, out } = layout((dir) => `file://${path.join(dir, 'outside', 'secret.yaml')}`);
    const r = await cli(['--spec', spec, '--out', out, '--allow-external-refs']);
    expect(r.code, failure(r)).toBe(1);
    expect(r.stderr).toContain('only http(s) URLs');
    expect(r.stderr).not.toContain('SECRET-CONTENT');
  });
});
