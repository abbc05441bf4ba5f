/**
 * The mock's answers as plain replies (status, headers, bytes), turned into a Fetch API `Response`
 * only where one is needed (`fetch`, `handle`, MSW): the HTTP server writes them as they are.
 *
 * Statuses and bodies the spec does not show (404, 401, 400, 429, 500, injected faults) are the
 * mock's own choice, always `{ "mock": true, "status", "error" }` plus `problems` for a 400, so a
 * test can tell them from the API's answers.
 */
import type { MockReply } from './types.js';
import type { RequestProblem } from './checks.js';

export type { MockReply };

export interface MockErrorBody {
  readonly mock: true;
  readonly status: number;
  readonly error: string;
  readonly problems?: readonly RequestProblem[];
}

/** The connection was dropped (an injected `reset` fault): no answer at all. */
export const RESET: unique symbol = Symbol('reset');
export type Reply = MockReply | typeof RESET;

/** Statuses sent without a body, not even an empty one, nor `Content-Length` or `Content-Type` (RFC 9110 §15.3.5, §15.4.5; Fetch's null body statuses). */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/** Whether `status` is one the mock can answer: 200 to 599 (1xx are not answers, 2xx–5xx are). */
export const isAnswerStatus = (status: unknown): status is number => Number.isInteger(status) && (status as number) >= 200 && (status as number) <= 599;

/** The reply as sent: without body, `Content-Length` and `Content-Type` for a null-body status. */
export function sendable(reply: MockReply): MockReply {
  if (!NULL_BODY_STATUSES.has(reply.status)) return reply;
  const headers = Object.fromEntries(Object.entries(reply.headers).filter(([name]) => !/^content-(length|type)$/i.test(name)));
  return { status: reply.status, headers, body: null };
}

export function toResponse(reply: MockReply): Response {
  const sent = sendable(reply);
  return new Response(sent.body ?? (NULL_BODY_STATUSES.has(sent.status) ? null : ''), { status: sent.status, headers: sent.headers });
}

/** A body already serialized for its media type. */
export function bodyAnswer(
  status: number,
  body: Uint8Array<ArrayBuffer> | string,
  contentType: string,
  headers: Readonly<Record<string, string>> = {},
): MockReply {
  return { status, headers: { 'content-type': contentType, ...headers }, body };
}

export function jsonAnswer(status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): MockReply {
  return bodyAnswer(status, JSON.stringify(body), 'application/json', headers);
}

/** An answer without a body (`Content-Length: 0`). */
export function emptyAnswer(status: number, headers: Readonly<Record<string, string>> = {}): MockReply {
  return { status, headers: { 'content-length': '0', ...headers }, body: null };
}

export function mockError(
  status: number,
  error: string,
  extra: { problems?: readonly RequestProblem[]; headers?: Readonly<Record<string, string>> } = {},
): MockReply {
  const body: MockErrorBody = { mock: true, status, error, ...(extra.problems && { problems: extra.problems }) };
  return jsonAnswer(status, body, extra.headers);
}
