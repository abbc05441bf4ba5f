/**
 * The types emitter (openapi-typescript, and TypeScript, which it loads: about half a second of a
 * run) in a worker thread started as generation starts: it loads while this thread loads and lints
 * the spec, then emits the types beside the other emitters. One worker serves every run of the
 * process (--watch). Run as TypeScript (tests, tsx), the compiled worker is not there: the emitter
 * runs in this thread, with the same output.
 */
import { Worker } from 'node:worker_threads';
import type { Files } from './emit/types.js';
import type { SpecModel } from './model.js';
import { fromErrorReply, type ErrorReply } from './problems.js';

type Reply = { id: number } & ({ ok: true; files: [string, string][] } | ErrorReply);

/** The worker entry: a sibling of this module, compiled alike (launch.mjs builds both). */
const ENTRY = new URL('./types-worker.js', import.meta.url);
const COMPILED = import.meta.url.endsWith('.js');

let worker: Worker | undefined;
/** The last document was large: the next run (--watch) starts no worker it would end. */
let lastInThread = false;
let nextId = 0;
const pending = new Map<number, { resolve: (files: Files) => void; reject: (err: Error) => void }>();

function failAll(from: Worker, err: Error): void {
  if (worker === from) worker = undefined;
  for (const { reject } of pending.values()) reject(err);
  pending.clear();
}

/** Starts the worker (once per process) so that it loads while the spec loads. */
export function startTypesEmitter(): void {
  if (!COMPILED || worker || lastInThread) return;
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
 * emit/types.ts `emitTypes(model)`, in the worker when there is one. `inThread`: in this thread,
 * the worker ended (a large document: the worker would hold a second copy of it and of its types).
 */
export async function emitTypesOffThread(model: SpecModel, { inThread = false } = {}): Promise<Files> {
  lastInThread = inThread;
  if (inThread && worker && !pending.size) {
    void worker.terminate();
    worker = undefined;
  }
  if (!inThread) startTypesEmitter();
  if (inThread || !worker) return (await import('./emit/types.js')).emitTypes(model);
  const id = nextId++;
  const answer = new Promise<Files>((resolve, reject) => pending.set(id, { resolve, reject }));
  worker.ref();
  worker.postMessage({ id, document: model.document });
  return answer;
}
