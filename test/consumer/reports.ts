/**
 * What must hold of the reports the consumer scripts of test/fixtures/consumer print, as lists of
 * failures (empty: all holds), each naming what failed. Used by test/consumer/ and by
 * scripts/matrix/, which runs the same scripts on other runtimes.
 */
import { isDeepStrictEqual } from 'node:util';

/** A report as JSON.parse gives it. */
type Report = Record<string, any>;

const show = (value: unknown): string => JSON.stringify(value)?.slice(0, 300) ?? String(value);
const expectEqual = (failures: string[], what: string, actual: unknown, expected: unknown): void => {
  if (!isDeepStrictEqual(actual, expected)) failures.push(`${what}: got ${show(actual)}, expected ${show(expected)}`);
};

/** client.mjs: the answer read, the credentials sent, the validator's verdicts. */
export function clientFailures(report: Report, { answer, url }: { answer: unknown; url: string }): string[] {
  const failures: string[] = [];
  expectEqual(failures, 'status', report.status, 200);
  expectEqual(failures, 'error', report.error, undefined);
  expectEqual(failures, 'data', report.data, answer);
  expectEqual(failures, 'requests seen by the server', report.seen, [{ url, key: 'key-123', secret: 'secret-456' }]);
  expectEqual(failures, 'valid value accepted', report.good, true);
  expectEqual(failures, 'invalid value refused', report.bad, false);
  if (!(report.problems?.length > 0)) failures.push('the invalid value has no problems listed');
  return failures;
}

/** A JSON pointer's segments, unescaped, as strings. */
const segments = (pointer: string): string[] =>
  pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));

/** standard-schema.mjs: Hono took the valid value and refused the invalid one with the validator's own issues. */
export function standardSchemaFailures(report: Report, valid: unknown): string[] {
  const failures: string[] = [];
  expectEqual(failures, '~standard.version', report.version, 1);
  if (typeof report.vendor !== 'string' || report.vendor === '') failures.push(`~standard.vendor is ${show(report.vendor)}`);
  expectEqual(failures, 'valid body: status', report.valid?.status, 200);
  expectEqual(failures, 'valid body: what the handler got', report.seen, [valid]);
  expectEqual(failures, 'validate(valid)', report.direct?.valid, { value: valid });
  expectEqual(failures, 'invalid body: status', report.invalid?.status, 400);
  const issues = report.direct?.invalid?.issues;
  if (!Array.isArray(issues) || issues.length === 0) failures.push(`validate(invalid) gave no issues: ${show(report.direct?.invalid)}`);
  else {
    expectEqual(failures, "invalid body: Hono's answer lists the validator's issues", report.invalid?.body?.error, issues);
    expectEqual(
      failures,
      "issue paths (as strings) are the problems' pointers",
      issues.map((i: { path: unknown[] }) => i.path.map(String)),
      (report.pointers as string[]).map(segments),
    );
  }
  return failures;
}

/** drive-operations.mjs: every operation of the document called, answered 2xx, its body valid where a validator exists. */
export function driveFailures(report: Report, documentOperationIds: readonly string[]): string[] {
  const failures: string[] = [];
  const results = report.results as Report[];
  expectEqual(failures, 'operations called', results.map((r) => r.operationId).sort(), [...documentOperationIds].sort());
  if (results.length !== report.operations) failures.push(`${results.length} results for ${report.operations} operations`);
  for (const r of results) {
    if (r.problem !== undefined || r.status === undefined || r.status < 200 || r.status > 299)
      failures.push(`${r.operationId}: ${r.problem ?? `${r.status} ${r.error ?? ''}`}`);
    else if (r.validated && !r.valid) failures.push(`${r.operationId}: invalid body: ${r.problems?.join('; ')}`);
    else if (!r.validated && !r.empty) failures.push(`${r.operationId}: a body with no validator to check it`);
  }
  if (report.withResponseValidators.length === 0) failures.push('no operation has a response validator');
  for (const id of report.withResponseValidators as string[])
    if (!results.find((r) => r.operationId === id)?.validated) failures.push(`${id}: its body was not validated`);
  return failures;
}

/** Two drive reports answered the same bodies, operation by operation. */
export function bodyDifferences(a: Report, b: Report): string[] {
  const hashes = new Map((b.results as Report[]).map((r) => [r.operationId, r.bodyHash]));
  return (a.results as Report[]).filter((r) => hashes.get(r.operationId) !== r.bodyHash).map((r) => `${r.operationId}: a different body`);
}

/** msw-leak.mjs: MSW intercepted while listening, and let requests through after close(). */
export function mswLeakFailures(report: Report): string[] {
  const failures: string[] = [];
  expectEqual(failures, 'while listening', report.during, { status: 200, valid: true, hits: 0, mockRequests: 1 });
  expectEqual(failures, 'after close()', report.after, { status: 200, data: { answeredBy: 'real server' }, hits: 1, mockRequests: 1 });
  return failures;
}

/** paginate.mjs: every item of the collection, each once, in pages that all answered 200. */
export function paginateFailures(report: Report): string[] {
  if (report.operationId === null) return [`no paginated operation could be iterated: ${(report.tried as string[]).join('; ')}`];
  const failures: string[] = [];
  expectEqual(failures, `${report.operationId}: items`, report.count, report.expected);
  expectEqual(failures, `${report.operationId}: distinct items`, report.distinct, report.expected);
  if (report.pages.length < 2 || (report.pages as number[]).some((s) => s !== 200))
    failures.push(`${report.operationId}: pages answered ${show(report.pages)}, expected two or more 200s`);
  return failures;
}
