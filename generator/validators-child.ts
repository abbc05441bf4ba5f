/**
 * Child process of `generate`: compiles the validators (the heaviest step, and ajv's memory)
 * beside the main process, which meanwhile emits types, client and docs. Receives the bundled
 * document, answers with the emitted files or the error.
 */
import { buildModel } from './model.js';
import { emitValidators } from './emit/validators.js';
import { toErrorReply } from './problems.js';
import type { OpenAPI3 } from 'openapi-typescript';

process.once('message', (document: OpenAPI3) => {
  let reply: unknown;
  try {
    const out = emitValidators(buildModel(document));
    reply = { ok: true, files: [...out.files], entries: out.entries, warnings: out.warnings };
  } catch (err) {
    reply = toErrorReply(err);
  }
  process.send!(reply, () => process.exit(0));
});
