/**
 * Compiles a large document's validators in child processes (child.ts), one share each,
 * in parallel, and merges the shares (validators.ts `mergeShares`: the output does not depend on
 * how many shares there were).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import type { OpenAPI3 } from 'openapi-typescript';
import type { SpecModel } from '../../model/model.js';
import { fromErrorReply, type ErrorReply } from '../../lib/problems.js';
import type { ShareRequest } from './child.js';
import { compilesInOrder, emitValidators, validatorEntries, type CompiledShare, type ValidatorsOutput } from './validators.js';

const self = fileURLToPath(import.meta.url);
/** This module's extension: `.js` when the generator runs compiled (launch.mjs), `.ts` under tsx or vitest. */
const EXTENSION = path.extname(self);
const CHILD = path.join(path.dirname(self), `child${EXTENSION}`);
/**
 * The child runs as this module does: compiled, or through tsx's loader. ajv makes short-lived
 * garbage at a high rate: a young generation of 32 MB (Node 20 grows it to 16 MB) saves ~8 % of
 * the compile time in scavenges.
 */
const execArgv = (): string[] => [
  '--max-semi-space-size=32',
  ...(EXTENSION === '.ts'
    ? ['--import', pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'loader.mjs')).href]
    : []),
];

type Reply = { ok: true; share: CompiledShare } | ErrorReply;

/** Shares by default: one per core, at most this many (each child holds the document and an ajv). */
const MAX_SHARES = 4;

export const defaultShares = (): number => Math.max(1, Math.min(MAX_SHARES, os.availableParallelism()));

/**
 * The validators of `document` (whose model is `model`), compiled in `shares` child processes (one
 * when ajv's output depends on the order it compiles in: `compilesInOrder`); `linearPatterns` and `vendor` as emitValidators'.
 */
export async function emitValidatorsInChildren(
  document: OpenAPI3,
  model: SpecModel,
  shares: number = defaultShares(),
  linearPatterns: Readonly<Record<string, string>> = {},
  vendor?: string,
): Promise<ValidatorsOutput> {
  const count = compilesInOrder(model, validatorEntries(model)) ? 1 : shares;
  const handoff = documentFiles(document, count);
  try {
    const children = Array.from({ length: count }, (_, index) =>
      compileShareInChild({ ...(handoff ? { documentFile: handoff.files[index]! } : { document }), index, count, linearPatterns }),
    );
    // Every child is waited for, also when one fails, so that none outlives the run.
    const settled = await Promise.allSettled(children);
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    return emitValidators(
      model,
      settled.map((s) => (s as PromiseFulfilledResult<CompiledShare>).value),
      linearPatterns,
      vendor,
    );
  } finally {
    handoff?.remove();
  }
}

/**
 * The document, serialised once, in a temporary file per child, which the child deletes once it
 * has read it. Sent over the IPC pipe instead, it would reach the children only as fast as this
 * process's event loop turns, and the emitters that run meanwhile keep it busy for seconds on a
 * large document. Undefined where no temporary file can be written: the pipe then.
 */
function documentFiles(document: OpenAPI3, count: number): { files: string[]; remove: () => void } | undefined {
  let dir: string | undefined;
  try {
    dir = mkdtempSync(path.join(os.tmpdir(), 'validators-'));
    const bytes = v8.serialize(document);
    const files = Array.from({ length: count }, (_, i) => path.join(dir!, `document-${i}.v8`));
    for (const file of files) writeFileSync(file, bytes);
    const made = dir;
    return { files, remove: () => rmSync(made, { recursive: true, force: true }) };
  } catch {
    if (dir) rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
}

function compileShareInChild(request: ShareRequest): Promise<CompiledShare> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], { execArgv: execArgv(), serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let settled = false;
    child.once('message', (reply: Reply) => {
      settled = true;
      if (reply.ok) resolve(reply.share);
      else reject(fromErrorReply(reply, 'validator compilation'));
    });
    child.once('error', (err) => {
      if (!settled) reject(err);
    });
    child.once('exit', (code, signal) => {
      if (!settled) reject(new Error(`validator compilation process exited (${signal ?? `code ${code}`}) without an answer`));
    });
    child.send(request);
  });
}
