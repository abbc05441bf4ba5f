/**
 * Child process of `generate`: compiles one share of the validators (the heaviest step, and ajv's
 * memory) beside the main process and the other shares. Receives the bundled document and which
 * share, answers with the compiled share or the error.
 */
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import { buildModel } from './model.js';
import { compileShare, validatorEntries } from './emit/validators.js';
import { partitionEntries } from './emit/validator-shares.js';
import { toErrorReply } from './problems.js';
import type { OpenAPI3 } from 'openapi-typescript';

/** Which share to compile, of the document sent along or serialised (`v8.serialize`) in a file. */
export interface ShareRequest {
  document?: OpenAPI3;
  documentFile?: string;
  index: number;
  count: number;
}

process.once('message', ({ document, documentFile, index, count }: ShareRequest) => {
  let reply: unknown;
  try {
    const model = buildModel(documentFile === undefined ? document! : (v8.deserialize(readFileSync(documentFile)) as OpenAPI3));
    const entries = validatorEntries(model);
    reply = { ok: true, share: compileShare(model, entries, partitionEntries(model, entries, count)[index]!) };
  } catch (err) {
    reply = toErrorReply(err);
  }
  process.send!(reply, () => process.exit(0));
});
