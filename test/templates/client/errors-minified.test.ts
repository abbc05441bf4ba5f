/**
 * errors.ts in a minified bundle (esbuild renames classes): every error still says its own class
 * in `name`, as a consumer's logs and `error.name === 'HttpError'` checks read it; and a subclass
 * of the runtime's declared elsewhere keeps its constructor's name, unminified.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import * as source from '../../../templates/client/errors.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'errors-minified-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const request = { method: 'GET', url: 'https://api.example.com/v1/things', headers: {} };
const problems = [{ pointer: '/a', message: 'must be string', keyword: 'type', params: {} }];
/** One instance of each class, built from the module given (the source, or its minified bundle). */
const instances = (m: typeof source): Record<string, Error> => ({
  ClientError: new m.ClientError('m', request),
  TransportError: new m.TransportError('m', request, 'ECONNRESET', 1),
  TimeoutError: new m.TimeoutError(10, request),
  DecodeError: new m.DecodeError(200, 'Unexpected token', request),
  RequestValidationError: new m.RequestValidationError('getThing', 'body', problems, request),
  ResponseValidationError: new m.ResponseValidationError('getThing', 200, problems, request),
  ResponseTooLargeError: new m.ResponseTooLargeError(200, 10, request),
  PaginationError: new m.PaginationError('m', 1, request),
  HttpError: new m.HttpError(503, undefined, request, { headers: {}, retryAfterMs: undefined }),
  DailyQuotaExceededError: new m.DailyQuotaExceededError(5, request),
  MissingCredentialsError: new m.MissingCredentialsError('getThing', [['apiKey']], request),
});

describe('error names', () => {
  it('every exported class is in the table below', () => {
    const classes = Object.entries(source).filter(
      ([, v]) => typeof v === 'function' && (v === source.ClientError || v.prototype instanceof source.ClientError),
    );
    expect(Object.keys(instances(source)).sort()).toEqual(classes.map(([k]) => k).sort());
  });

  it('survive minification: each error names its own class', async () => {
    const outfile = path.join(work, 'errors.min.mjs');
    await build({
      entryPoints: [path.resolve('templates/client/errors.ts')],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'neutral',
      outfile,
      logLevel: 'silent',
    });
    const minified = (await import(pathToFileURL(outfile).href)) as typeof source;
    // The bundle did rename the classes: what is proved is that `name` does not depend on it.
    expect(Object.values(minified).some((v) => typeof v === 'function' && !Object.hasOwn(source, v.name))).toBe(true);
    for (const [name, error] of Object.entries(instances(minified))) {
      expect(error.name, name).toBe(name);
      expect(String(error).startsWith(`${name}: `), name).toBe(true);
      expect(JSON.parse(JSON.stringify(error)).name, name).toBe(name);
    }
  });

  it('a subclass declared elsewhere is named after its constructor', () => {
    class QuotaPolicyError extends source.ClientError {}
    expect(new QuotaPolicyError('m').name).toBe('QuotaPolicyError');
    expect(new source.ClientError('m').name).toBe('ClientError');
  });
});
