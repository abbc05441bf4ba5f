/**
 * Child process of `generate`: compiles one share of the validators (the heaviest step, and ajv's
 * memory) beside the main process and the other shares. Receives the bundled document and which
 * share, answers with the compiled share or the error.
 */
import { readFileSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { buildModel } from '../../model/model.js';
import { compileShare, validatorEntries } from './validators.js';
import { partitionEntries } from './shares.js';
import { toErrorReply } from '../../lib/problems.js';
import type { OpenAPI3 } from 'openapi-typescript';

/** Which share to compile, of the document sent along or serialised (`v8.serialize`) in a file. */
export interface ShareRequest {
  document?: OpenAPI3;
  documentFile?: string;
  index: number;
  count: number;
  /** Patterns for the linear-time engine, with their RE2 form. */
  linearPatterns?: Readonly<Record<string, string>>;
}

/** The document serialised in `file`, which is deleted: nothing is left behind if the parent is killed later. */
function readOnce(file: string): OpenAPI3 {
  const bytes = readFileSync(file);
  rmSync(file, { force: true });
  try {
    rmdirSync(path.dirname(file)); // the last child to read removes the folder
  } catch {
    // another child's file is still there
  }
  return v8.deserialize(bytes) as OpenAPI3;
}

process.once('message', ({ document, documentFile, index, count, linearPatterns }: ShareRequest) => {
  let reply: unknown;
  try {
    const model = buildModel(documentFile === undefined ? document! : readOnce(documentFile));
    const entries = validatorEntries(model);
    // Compiling holds the event loop: a parent gone (this process adopted by another) is noticed between validators.
    const parent = process.ppid;
    reply = { ok: true, share: compileShare(model, entries, partitionEntries(model, entries, count)[index]!, () => process.ppid !== parent, linearPatterns) };
  } catch (err) {
    reply = toErrorReply(err);
  }
  process.send!(reply, () => process.exit(0));
});
