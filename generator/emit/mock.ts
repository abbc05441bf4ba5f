/**
 * Mock: the hand-written runtime in templates/mock/ (copied into src/runtime/mock/) and `src/mock.ts`,
 * which wires it to the facts read from the spec. (Skeleton: filled in by the mock work.)
 */
import type { SpecModel } from '../model.js';
import type { Files } from './types.js';

export function emitMock(_model: SpecModel, _templatesDir: string): Files {
  return new Map();
}
