/**
 * The types emitter (openapi-typescript, and TypeScript, which it loads: about half a second of a
 * run) in a worker thread started as generation starts: it loads while this thread loads the spec,
 * and emits the types while this thread lints it and runs the other emitters. One worker serves
 * every run of the process (--watch), unless stopped after a large document. Run as TypeScript
 * (tests, tsx), the compiled worker is not there: the emitter runs in this thread, same output.
 */
import { Worker } from 'node:worker_threads';
import type { Files } from '../../lib/files.js';
import type { OpenAPI3 } from 'openapi-typescript';
import { buildModel } from '../../model/model.js';
import { fromErrorReply, type ErrorReply } from '../../lib/problems.js';

type Reply = { id: number } & ({ ok: true; files: [string, string][] } | ErrorReply);

/** The worker entry: a sibling of this module, compiled alike (launch.mjs builds both). */
const ENTRY = new URL('./worker.js', import.meta.url);
const COMPILED = import.meta.url.endsWith('.js');

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (files: Files) => void; reject: (err: Error) => void }>();

function failAll(from: Worker, err: Error): void {
  if (worker === from) worker = undefined;
  for (const { reject } of pending.values()) reject(err);
  pending.clear();
}

/** Starts the worker (once per process) so that it loads while the spec loads. */
export function startTypesEmitter(): void {
  if (!COMPILED || worker) return;
  const started = new Worker(ENTRY);
  started.unref(); // idle, it keeps no process alive
  started.on('message', (reply: Reply) => {
    const request = pending.get(reply.id);
    pending.delete(reply.id);
    if (!pending.size) started.unref();
    if (reply.ok) request?.resolve(new Map(reply.files));
    else request?.reject(fromErrorReply(reply, 'types'));
  });
  started.on('error', (err) => failAll(started, err));
  started.on('exit', (code) => failAll(started, new Error(`the types worker exited (code ${code}) without an answer`)));
  worker = started;
}

/**
 * Ends the worker once it has answered every request: what it holds (a large document's copy and
 * types) is freed. The next `emitTypesOffThread` starts another.
 */
export function stopTypesEmitter(): void {
  if (worker && !pending.size) void worker.terminate();
  worker = undefined;
}

/**
 * emit/types/types.ts `emitTypes` for the bundled `document`, in the worker (started if need be), or in
 * this thread when run as TypeScript. Started before the document is linted: a failure is reported
 * when awaited (a refused document's types are never awaited).
 */
export function emitTypesOffThread(document: OpenAPI3): Promise<Files> {
  startTypesEmitter();
  const from = worker;
  if (!from) return Promise.resolve().then(async () => (await import('./types.js')).emitTypes(buildModel(document)));
  const id = nextId++;
  const answer = new Promise<Files>((resolve, reject) => pending.set(id, { resolve, reject }));
  from.ref();
  from.postMessage({ id, document });
  return answer;
}
