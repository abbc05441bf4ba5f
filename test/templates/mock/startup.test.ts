/**
 * Nothing heavy before the first answer: a mock whose answer comes from the spec's example does not
 * load the sampler (json-schema-faker, ajv's compiler for the judge); the first body that must be
 * sampled does. Run in a fresh Node process, whose module cache is the mock's alone.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CREDENTIALS, GENERATED } from './support.js';

const run = promisify(execFile);

/** Prints whether ajv's compiler (imported by the sampler alone) is loaded after an example answer, then after a sampled one. */
const SCRIPT = `
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const compilerLoaded = () => Object.keys(require.cache).some((file) => /ajv[\\\\/]dist[\\\\/]compile[\\\\/]/.test(file));
const { createMockApi } = await import(${JSON.stringify(pathToFileURL(path.join(GENERATED, 'dist', 'mock.js')).href)});
const mock = createMockApi();
const list = async () => (await mock.handle(new Request('http://mock.test/v1/projects', { headers: ${JSON.stringify(CREDENTIALS)} }))).status;
const fromExample = await list();
const afterExample = compilerLoaded();
mock.collection('listProjects', 3);
const sampled = await list();
console.log(JSON.stringify({ fromExample, afterExample, sampled, afterSampled: compilerLoaded() }));
`;

describe('start-up', () => {
  it('answers from the example without loading the sampler, and loads it for the first sampled body', async () => {
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', SCRIPT], { timeout: 30_000 });
    expect(JSON.parse(stdout)).toEqual({ fromExample: 200, afterExample: false, sampled: 200, afterSampled: true });
  });
});
