/** Runs the validators emitter in a child process (see validators-child.ts). */
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { OpenAPI3 } from 'openapi-typescript';
import { GenerationError, type Problem } from '../problems.js';
import type { ValidatorEntry, ValidatorsOutput } from './validators.js';

const self = fileURLToPath(import.meta.url);
/** This module's extension: `.js` when the generator runs compiled (launch.mjs), `.ts` under tsx or vitest. */
const EXTENSION = path.extname(self);
const CHILD = path.join(path.dirname(self), '..', `validators-child${EXTENSION}`);
/** The child runs as this module does: compiled, or through tsx's loader. */
const execArgv = (): string[] =>
  EXTENSION === '.ts' ? ['--import', pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'loader.mjs')).href] : [];

type Reply =
  | { ok: true; files: [string, string][]; entries: ValidatorEntry[]; warnings: string[] }
  | { ok: false; summary?: string; problems?: Problem[]; crash?: Crash };

/** An unexpected exception in the child, as it travels over IPC. */
interface Crash {
  name: string;
  message: string;
  stack: string;
}

/**
 * The child's exception as one in this process: same name, the message's first line (run.ts prints
 * one located line), the child's stack for --debug.
 */
function fromCrash(crash: Crash): Error {
  const error = new Error(`validator compilation: ${crash.message.split('\n')[0]}`);
  error.name = crash.name;
  error.stack = crash.stack;
  return error;
}

export function emitValidatorsInChild(document: OpenAPI3): Promise<ValidatorsOutput> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], { execArgv: execArgv(), serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let settled = false;
    child.once('message', (reply: Reply) => {
      settled = true;
      if (reply.ok) resolve({ files: new Map(reply.files), entries: reply.entries, warnings: reply.warnings });
      else if (reply.crash !== undefined) reject(fromCrash(reply.crash));
      else reject(new GenerationError(reply.summary ?? 'Validators could not be generated:', reply.problems ?? []));
    });
    child.once('error', (err) => {
      if (!settled) reject(err);
    });
    child.once('exit', (code, signal) => {
      if (!settled) reject(new Error(`validator compilation process exited (${signal ?? `code ${code}`}) without an answer`));
    });
    child.send(document);
  });
}
