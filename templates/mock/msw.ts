/**
 * Mock Service Worker (v2) handlers for a mock: every request under `baseUrl` (origin and path) is
 * answered by the mock's core. The only module that imports `msw` (an optional peer dependency).
 * An injected `reset` fault answers `HttpResponse.error()`: the caller's fetch rejects with a
 * `TypeError`, as on a dropped connection.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { RESET, toResponse } from './answers.js';
import { coreOf } from './api.js';

export interface MockHandlersOptions {
  /** Where the client sends its requests (`http://mock.test`, `https://api.example.com/v2`). */
  readonly baseUrl: string;
}

export function createMockHandlers(mock: object, options: MockHandlersOptions): HttpHandler[] {
  const core = coreOf(mock);
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw new TypeError('createMockHandlers: baseUrl must be an absolute URL');
  }
  const basePath = base.pathname.replace(/\/+$/, '');
  const prefix = `${base.origin}${basePath}`;
  const answer = async ({ request }: { request: Request }): Promise<Response> => {
    const reply = await core.respond(request, basePath);
    return reply === RESET ? HttpResponse.error() : toResponse(reply);
  };
  return [http.all(prefix || '/', answer), http.all(`${prefix}/*`, answer)];
}
