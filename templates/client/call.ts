/**
 * One call as openapi-fetch defines it (its init options, middleware and `{ data, error, response }`
 * answer), sent by the runtime's transport from the URL, headers and body bytes: no `Request` is
 * built per call, and none per attempt. One is built only for middleware registered with `use`
 * or given per call, which see and may replace it as they do in openapi-fetch.
 */
import {
  createFinalURL,
  createQuerySerializer,
  defaultBodySerializer,
  mergeHeaders,
  removeTrailingSlash,
  type BodySerializer,
  type MergedOptions,
  type Middleware,
  type ParseAs,
  type PathSerializer,
  type QuerySerializer,
  type QuerySerializerOptions,
} from 'openapi-fetch';
import type { AuthPlan } from './credentials.js';
import { DecodeError } from './errors.js';
import { scrubbedPrefix, summarize, type Redaction } from './redact.js';
import type { Answer, Bytes, OutgoingRequest, RequestOptions } from './transport.js';

/** What the runtime does before a call is sent: credentials and request checks. */
export interface Prepared {
  readonly operationId: string | undefined;
  readonly auth: AuthPlan | undefined;
}

export interface CallConfig {
  readonly baseUrl: string;
  readonly headers: Record<string, string> | undefined;
  readonly querySerializer: QuerySerializer<unknown>;
  readonly pathSerializer: PathSerializer;
  readonly redaction: Redaction;
  /** Middleware registered with `use`, in order. */
  readonly middleware: readonly Middleware[];
  /**
   * Checks the call and applies its credentials to `headers`; throws when it must not be sent.
   * `body` gives the serialized body as text, read only when a check needs it: the answer is a
   * promise only then.
   */
  prepare(call: PendingCall): Prepared | Promise<Prepared>;
  send(request: OutgoingRequest): Promise<Answer>;
  /** Checks a decoded success body (response validation); throws or reports drift. */
  checkResponse(operationId: string | undefined, status: number, value: unknown, summary: Answer['summary']): void;
}

export interface PendingCall {
  readonly method: string;
  readonly schemaPath: string;
  readonly url: string;
  readonly headers: Headers;
  readonly params: Params;
  readonly body: () => Promise<string | undefined>;
  readonly options: RequestOptions;
}

export interface Params {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  header?: Record<string, unknown>;
  cookie?: Record<string, unknown>;
}

/** openapi-fetch's per-call init, as the runtime reads it. */
interface CallInit extends RequestOptions {
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  Request?: typeof Request;
  headers?: Record<string, unknown> | Headers;
  params?: Params;
  parseAs?: ParseAs;
  querySerializer?: QuerySerializer<unknown> | QuerySerializerOptions;
  bodySerializer?: BodySerializer<unknown>;
  pathSerializer?: PathSerializer;
  body?: unknown;
  middleware?: Middleware[];
  signal?: AbortSignal | null;
}

export interface CallResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();
/** How much of an undecodable body `DecodeError.bodySnippet` keeps. */
const SNIPPET_LENGTH = 200;

/** The bytes sent for a serialized body; a body fetch would type (FormData) sets its Content-Type. */
async function bodyBytes(serialized: unknown, headers: Headers): Promise<Bytes> {
  if (typeof serialized === 'string') return encoder.encode(serialized);
  const carrier = new Response(serialized as BodyInit);
  const type = carrier.headers.get('content-type');
  if (type && !headers.has('content-type')) headers.set('content-type', type);
  return new Uint8Array(await carrier.arrayBuffer());
}

/** openapi-fetch's own keys of a call's init: the rest is `RequestInit`, given to middleware's `Request`. */
const CALL_KEYS: ReadonlySet<string> = new Set(['baseUrl', 'fetch', 'Request', 'headers', 'params', 'parseAs', 'querySerializer', 'bodySerializer', 'pathSerializer', 'body', 'middleware', 'signal']);
const requestInitOf = (init: CallInit): RequestInit => Object.fromEntries(Object.entries(init).filter(([key]) => !CALL_KEYS.has(key)));

export function createCall(config: CallConfig): (method: string, schemaPath: string, init?: CallInit) => Promise<CallResult> {
  return async function call(method, schemaPath, init = {}) {
    // Read one by one: a rest pattern would copy the init on every call, and only middleware needs that copy.
    const { baseUrl: localBaseUrl, fetch, headers, params = {}, parseAs = 'json', querySerializer: localQuerySerializer, bodySerializer = defaultBodySerializer, pathSerializer = config.pathSerializer, body, signal } = init;
    // The runtime's per-request options sit in the init, next to `params` and `body`.
    const options: RequestOptions = init;
    const baseUrl = localBaseUrl ? removeTrailingSlash(localBaseUrl) : config.baseUrl;
    const querySerializer =
      localQuerySerializer === undefined ? config.querySerializer : typeof localQuerySerializer === 'function' ? localQuerySerializer : createQuerySerializer(localQuerySerializer);
    // As openapi-fetch: the serializer sees every header; Content-Type JSON is the lowest-priority default.
    const serialized = body === undefined ? undefined : (bodySerializer as (body: unknown, headers: Headers) => unknown)(body, mergeHeaders(config.headers, headers as never, params.header as never));
    const finalHeaders = mergeHeaders(
      serialized === undefined || serialized instanceof FormData ? {} : { 'Content-Type': 'application/json' },
      config.headers,
      headers as never,
      params.header as never,
    );
    const url = new URL(createFinalURL(schemaPath, { baseUrl, params, querySerializer, pathSerializer })).href;
    let bytes: Bytes | undefined;
    const bodyOnce = async (): Promise<Bytes | undefined> => (serialized === undefined ? undefined : (bytes ??= await bodyBytes(serialized, finalHeaders)));
    const text = async (): Promise<string | undefined> => (typeof serialized === 'string' ? serialized : serialized === undefined ? undefined : decoder.decode(await bodyOnce()));
    const pending = config.prepare({ method, schemaPath, url, headers: finalHeaders, params, body: text, options });
    const prepared = pending instanceof Promise ? await pending : pending;

    const middleware = init.middleware?.length ? [...config.middleware, ...init.middleware] : config.middleware;
    const outgoing: OutgoingRequest = {
      method,
      url,
      headers: finalHeaders,
      body: serialized === undefined ? undefined : await bodyOnce(),
      signal: signal ?? undefined,
      auth: prepared.auth,
      options,
      fetch,
      readable: middleware.length > 0 || parseAs === 'stream',
    };
    if (!middleware.length) return decode(await config.send(outgoing));

    // As openapi-fetch: onRequest in order, then onError / onResponse in reverse order.
    const RequestClass = init.Request === undefined ? globalThis.Request : init.Request;
    let request = new RequestClass(url, { ...requestInitOf(init), method, headers: finalHeaders, ...(outgoing.body && { body: outgoing.body }), ...(signal && { signal }) });
    const id = Math.random().toString(36).slice(2, 11);
    const merged: MergedOptions = Object.freeze({ baseUrl, fetch: fetch ?? globalThis.fetch, parseAs, querySerializer, bodySerializer, pathSerializer });
    const callbackParams = () => ({ request, schemaPath, params, options: merged, id });
    let response: Response | undefined;
    for (const m of middleware) {
      const result = await m.onRequest?.(callbackParams());
      if (!result) continue;
      if (result instanceof Request) request = result;
      else if (result instanceof Response) {
        response = result;
        break;
      } else throw new Error('onRequest: must return new Request() or Response() when modifying the request');
    }
    let summary: Answer['summary'] | undefined;
    if (!response) {
      try {
        const answer = await config.send({
          ...outgoing,
          method: request.method,
          url: request.url,
          headers: request.headers,
          body: request.body ? new Uint8Array(await request.arrayBuffer()) : undefined,
          signal: request.signal,
        });
        ({ response, summary } = answer);
      } catch (error) {
        let after: unknown = error;
        for (let i = middleware.length - 1; i >= 0; i--) {
          const result: Response | Error | void | undefined = await middleware[i]!.onError?.({ ...callbackParams(), error: after });
          if (!result) continue;
          if (result instanceof Response) {
            after = undefined;
            response = result;
            break;
          }
          if (!(result instanceof Error)) throw new Error('onError: must return new Response() or instance of Error');
          after = result;
        }
        if (after !== undefined || !response) throw after;
      }
      for (let i = middleware.length - 1; i >= 0; i--) {
        const result: Response | void | undefined = await middleware[i]!.onResponse?.({ ...callbackParams(), response: response! });
        if (!result) continue;
        if (!(result instanceof Response)) throw new Error('onResponse: must return new Response() when modifying the response');
        response = result;
      }
    }
    // A stream is handed over unread; any other body is read here, as openapi-fetch would.
    const read = parseAs === 'stream' && response.ok ? undefined : new Uint8Array(await response.arrayBuffer());
    return decode({ response, body: read, summary: summary ?? (() => summarize(method, url, finalHeaders, config.redaction)) });

    /** The answer as openapi-fetch gives it, parsed as `parseAs` says; a success JSON body is checked. */
    function decode({ response, body, summary }: { response: Response; body: Bytes | undefined; summary: Answer['summary'] }): CallResult {
      const empty = response.status === 204 || method === 'HEAD' || (body ? body.byteLength === 0 : response.headers.get('content-length') === '0');
      if (!response.ok) {
        if (empty) return { error: undefined, response };
        const text = decoder.decode(body);
        try {
          return { error: JSON.parse(text), response };
        } catch {
          return { error: text, response };
        }
      }
      if (parseAs === 'stream') return { data: response.body, response };
      if (empty) {
        // An answer the spec describes with a body is checked as the absent value.
        config.checkResponse(prepared.operationId, response.status, undefined, summary);
        return { data: undefined, response };
      }
      switch (parseAs) {
        case 'text':
          return { data: decoder.decode(body!), response };
        case 'arrayBuffer':
          return { data: body!.buffer, response };
        case 'blob':
          return { data: new Blob([body!], { type: response.headers.get('content-type') ?? '' }), response };
      }
      // openapi-fetch parses every other success body as JSON, whatever its content type.
      const text = decoder.decode(body!);
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        // The SyntaxError is not kept: its message quotes the body around the fault, unscrubbed.
        throw new DecodeError(response.status, scrubbedPrefix(text, SNIPPET_LENGTH, config.redaction.values), summary());
      }
      config.checkResponse(prepared.operationId, response.status, data, summary);
      return { data, response };
    }
  };
}
