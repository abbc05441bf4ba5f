/** Worker thread of thread.ts: loads openapi-typescript at once, then answers each bundled document with its types files. */
import { parentPort } from 'node:worker_threads';
import type { OpenAPI3 } from 'openapi-typescript';
import { emitTypes } from './types.js';
import { buildModel } from '../../model/model.js';
import { toErrorReply } from '../../lib/problems.js';

parentPort!.on('message', async ({ id, document }: { id: number; document: OpenAPI3 }) => {
  let reply: unknown;
  try {
    // The document arrived as this thread's own copy.
    reply = { id, ok: true, files: [...(await emitTypes(buildModel(document), { ownsDocument: true }))] };
  } catch (err) {
    reply = { id, ...toErrorReply(err) };
  }
  parentPort!.postMessage(reply);
});
