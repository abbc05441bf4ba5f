/**
 * The compiler of the suite's type checks: TypeScript 7's `tsc` (the native compiler, installed as
 * the devDependency `typescript-7`), the same checks as 5.9's in a fraction of the time (a strict
 * check of the generated package: 10.6 s with 5.9, 1.5 s with 7). Consumers' other compilers are
 * the matrix's (`npm run matrix`: TypeScript 5.9, 6.0 and 7.0, and the repository itself with 5.9).
 */
import path from 'node:path';

export const TSC = path.resolve(import.meta.dirname, '..', 'node_modules', 'typescript-7', 'bin', 'tsc');
