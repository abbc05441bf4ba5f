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

/** A report that is an error thrown where the script ran, as one failure; undefined when there is none. */
const thrown = (where: string, report: Report | undefined): string | undefined =>
  report === undefined ? `${where}: no report` : report.thrown === undefined ? undefined : `${where}: threw ${report.thrown}`;

/** One `listProjects` call's report: answered `status`, and (a 2xx) its body accepted by the validator. */
function callFailures(failures: string[], where: string, report: Report | undefined, status = 200): void {
  const error = thrown(where, report);
  if (error) failures.push(error);
  else if (report!.status !== status)
    failures.push(`${where}: answered ${report!.status}${report!.error === undefined ? '' : ` ${show(report!.error)}`}, expected ${status}`);
  else if (status < 300) {
    expectEqual(failures, `${where}: error`, report!.error, undefined);
    if (report!.valid !== true) failures.push(`${where}: the answer does not pass the validator: ${show(report!.problems)}`);
  }
}

/** deno.mjs: the client against Deno.serve (credentials sent, answer read and valid), and the mock in process. */
export function denoFailures(report: Report, { answer, url }: { answer: unknown; url: string }): string[] {
  const failures: string[] = [];
  callFailures(failures, 'against Deno.serve', report.server);
  if (!report.server?.thrown) {
    expectEqual(failures, 'against Deno.serve: data', report.server?.data, answer);
    expectEqual(failures, 'requests seen by the server', report.server?.seen, [{ url, key: 'key-123', secret: 'secret-456' }]);
  }
  failures.push(...mockInProcessFailures(report.mock));
  return failures;
}

/**
 * mock-calls.mjs (in browser-mock.mjs, worker-mock.mjs, deno.mjs): the named call through the
 * mock in process answered a valid 200, from the document and over a sampled collection of 3.
 */
export function mockInProcessFailures(report: Report | undefined): string[] {
  const failures: string[] = [];
  const error = thrown('the mock in process', report);
  if (error) return [error];
  for (const [key, what, results] of [
    ['documented', 'listProjects through the mock in process', undefined],
    ['sampled', 'listProjects through the mock in process, a sampled collection of 3', 3],
  ] as const) {
    const call = report![key] as Report | undefined;
    // Where code from strings is refused (workerd, a strict Content Security Policy), sampling is
    // documented to answer 500 saying why: that answer is what is checked.
    if (key === 'sampled' && report!.codeFromStrings !== 'allowed') {
      const said = JSON.stringify((call as { error?: unknown } | undefined)?.error ?? call?.thrown ?? '');
      if (call?.status !== 500 || !said.includes('needs ajv to compile its checks at run time'))
        failures.push(`${what}: where code generation is refused, expected the mock's 500 saying so, got ${call?.status ?? 'no answer'} ${said.slice(0, 200)}`);
      continue;
    }
    callFailures(failures, what, call);
    if (call && !call.thrown) {
      expectEqual(failures, `${what}: the mock's log`, call.requests, [`listProjects ${call.status}`]);
      if (results !== undefined && call.status === 200) expectEqual(failures, `${what}: items`, call.results, results);
    }
  }
  return failures;
}

/** browser-client.mjs, check `cors`: across origins, the preflighted call with credentials read a valid 200, the one without the mock's 401. */
export function corsFailures(report: Report): string[] {
  const failures: string[] = [];
  const error = thrown('page', report);
  if (error) return [error];
  callFailures(failures, 'with credentials (dangerouslyAllowBrowser: true, preflighted)', report.withCredentials);
  callFailures(failures, "without credentials (the mock's 401, readable across origins)", report.without, 401);
  return failures;
}

/**
 * browser-client.mjs, check `credentials`: a client given credentials in a page is refused (a
 * TypeError naming dangerouslyAllowBrowser) unless it is `true`; one given none calls the page's
 * backend and sends none; the opted-in one sends them. `backend`: what the backend received.
 */
export function browserCredentialsFailures(report: Report, backend: readonly unknown[]): string[] {
  const failures: string[] = [];
  const error = thrown('page', report);
  if (error) return [error];
  for (const [what, created] of [
    ['credentials without dangerouslyAllowBrowser', report.refused],
    ['credentials with dangerouslyAllowBrowser: false', report.refusedFalse],
  ] as const) {
    if (created === 'created') failures.push(`${what}: the client was created, expected a TypeError naming dangerouslyAllowBrowser`);
    else if (!created?.isTypeError || !String(created.message).includes('dangerouslyAllowBrowser'))
      failures.push(`${what}: threw ${show(created)}, expected a TypeError naming dangerouslyAllowBrowser`);
  }
  expectEqual(failures, 'credentials with dangerouslyAllowBrowser: true', report.allowed, 'created');
  callFailures(failures, 'no credentials, to its own backend', report.without);
  callFailures(failures, 'credentials with dangerouslyAllowBrowser: true, to the backend', report.allowedCall);
  expectEqual(failures, "the backend's requests (no credentials, then the opted-in client's)", backend, [
    { url: '/v1/projects', key: null, secret: null },
    { url: '/v1/projects', key: 'key-123', secret: 'secret-456' },
  ]);
  return failures;
}

/** worker.mjs: the worker answered; its named call read a valid 200; the validator took the valid value and refused the invalid one. */
export function workerFailures(report: Report): string[] {
  const failures: string[] = [];
  callFailures(failures, 'listProjects from the worker', report);
  if (!report.thrown) {
    expectEqual(failures, 'valid value accepted', report.good, true);
    expectEqual(failures, 'invalid value refused', report.bad, false);
    if (!(report.badProblems > 0)) failures.push('the invalid value has no problems listed');
  }
  return failures;
}
