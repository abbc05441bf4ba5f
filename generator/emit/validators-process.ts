/** Runs the validators emitter in a child process (see validators-child.ts). */
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { OpenAPI3 } from 'openapi-typescript';
import { fromErrorReply, type ErrorReply } from '../problems.js';
import type { ValidatorEntry, ValidatorsOutput } from './validators.js';

const self = fileURLToPath(import.meta.url);
/** This module's extension: `.js` when the generator runs compiled (launch.mjs), `.ts` under tsx or vitest. */
const EXTENSION = path.extname(self);
const CHILD = path.join(path.dirname(self), '..', `validators-child${EXTENSION}`);
/** The child runs as this module does: compiled, or through tsx's loader. */
const execArgv = (): string[] =>
  EXTENSION === '.ts' ? ['--import', pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'loader.mjs')).href] : [];

type Reply = { ok: true; files: [string, string][]; entries: ValidatorEntry[]; warnings: string[] } | ErrorReply;

export function emitValidatorsInChild(document: OpenAPI3): Promise<ValidatorsOutput> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], { execArgv: execArgv(), serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let settled = false;
    child.once('message', (reply: Reply) => {
      settled = true;
      if (reply.ok) resolve({ files: new Map(reply.files), entries: reply.entries, warnings: reply.warnings });
      else reject(fromErrorReply(reply, 'validator compilation'));
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
