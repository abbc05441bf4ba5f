/** Runs the validators emitter in a child process (see validators-child.ts). */
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { OpenAPI3 } from 'openapi-typescript';
import { GenerationError, type Problem } from '../problems.js';
import type { ValidatorEntry, ValidatorsOutput } from './validators.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const CHILD = path.join(here, '..', 'validators-child.ts');
const TSX = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'loader.mjs')).href;

type Reply =
  | { ok: true; files: [string, string][]; entries: ValidatorEntry[]; warnings: string[] }
  | { ok: false; summary?: string; problems?: Problem[]; crash?: string };

export function emitValidatorsInChild(document: OpenAPI3): Promise<ValidatorsOutput> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], { execArgv: ['--import', TSX], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let settled = false;
    child.once('message', (reply: Reply) => {
      settled = true;
      if (reply.ok) resolve({ files: new Map(reply.files), entries: reply.entries, warnings: reply.warnings });
      else if (reply.crash !== undefined) reject(new Error(`validator compilation failed:\n${reply.crash}`));
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
