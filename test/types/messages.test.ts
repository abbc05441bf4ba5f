/**
 * Compile errors a consumer meets: the methods are openapi-fetch's own signatures (so the client
 * is assignable to its `Client<paths>`), and give its messages; `paginate` names a path that is
 * not paginated.
 * Compiled with the TypeScript API against the committed generated/dist.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const PACKAGE = path.resolve(import.meta.dirname, '..', '..', 'generated', 'dist', 'index.js');
const dir = mkdtempSync(path.join(os.tmpdir(), 'type-messages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each statement compiled inside an async function taking the client; the messages per line. */
function diagnostics(statements: readonly string[]): string[] {
  const file = path.join(dir, 'consumer.ts');
  const header = `import type { PartnerClient } from ${JSON.stringify(PACKAGE)};\nexport async function use(api: PartnerClient): Promise<void> {\n`;
  writeFileSync(file, `${header}${statements.join('\n')}\n}\n`);
  const program = ts.createProgram([file], {
    strict: true,
    exactOptionalPropertyTypes: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
    noEmit: true,
    skipLibCheck: true,
  });
  const byLine = statements.map(() => [] as string[]);
  for (const d of ts.getPreEmitDiagnostics(program)) {
    expect(d.file?.fileName, ts.flattenDiagnosticMessageText(d.messageText, '\n')).toBe(file);
    const line = d.file!.getLineAndCharacterOfPosition(d.start!).line - 2;
    byLine[line]!.push(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }
  return byLine.map((messages) => messages.join('\n'));
}

describe('compile errors name the mistake', () => {
  it('a wrong path, a wrong method, a path that is not paginated', () => {
    const [noInit, withInit, wrongMethod, missingInit, notPaginated, fine] = diagnostics([
      "await api.GET('/v1/projets');",
      "await api.GET('/v1/projets', { params: { query: {} } });",
      "await api.DELETE('/v1/skills');",
      "await api.GET('/v1/webhooks/{webhookId}/event-types');",
      "api.paginate('/v1/projects/{projectId}');",
      "await api.GET('/v1/skills'); for await (const p of api.paginate('/v1/projects')) void p.publicTitle;",
    ]);
    // The methods are typed exactly as openapi-fetch's (the client is assignable to its `Client<paths>`), so
    // its messages: without an init, TypeScript falls back to the path constraint and asks for the init;
    // with one, the wrong path is named.
    expect(noInit).toBe('Expected 2 arguments, but got 1.');
    expect(withInit).toMatch(/^Argument of type '"\/v1\/projets"' is not assignable to parameter of type 'PathWithMethod<paths, "get">'\.$/);
    expect(wrongMethod).toBe('Expected 2 arguments, but got 1.');
    // A right path still needs its required init.
    expect(missingInit).toBe('Expected 2 arguments, but got 1.');
    expect(notPaginated).toMatch(
      /^Argument of type '"\/v1\/projects\/\{projectId\}"' is not assignable to parameter of type '"\/v1\/projects" \| "\/v1\/skills"'\.$/,
    );
    expect(fine).toBe('');
  });
});
