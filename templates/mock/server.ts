/**
 * The mock over real HTTP: a `node:http` server on loopback by default. Each request is read into
 * a light view (method, URL, Node's parsed headers, the body once read) rather than a Fetch API
 * `Request`, and each reply's bytes are written as they are: no streams in between. A body past
 * `maxRequestBytes` is read to its end but not kept. An injected `reset` fault resets the
 * connection (TCP RST), as a crashed server or a proxy would. `close()` drops every connection and
 * ends the answers still waiting (a `latencyMs` fault), so nothing keeps the process alive.
 *
 * CORS (./cors.ts) is answered here, around the core: a preflight gets its 204 (or 403) without
 * reaching the mock, so it is neither logged nor limited, and every answer carries the headers the
 * policy gives it.
 *
 * The one module of the mock that needs Node (Bun and Deno have its modules too): the package
 * reaches it through its `#mock-server` import, whose `default` condition (browsers, workers) is
 * ./no-server.ts instead.
 */
import { Buffer } from 'node:buffer';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mockError, sendable } from './answers.js';
import { corsHeaders, corsPolicy, isPreflight, preflightReply, withHeaders, type CorsPolicy } from './cors.js';
import { RequestTooLarge } from './request-body.js';
import type { MockListenOptions, MockReply, MockRequestView, MockServer, MockServerTarget } from './types.js';

/** Node's parsed headers (names in lower case, repeats joined) seen as a Fetch API `Headers`. */
class HeadersView {
  constructor(private readonly headers: IncomingHttpHeaders) {}

  get(name: string): string | null {
    const value = this.headers[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }

  forEach(callback: (value: string, name: string) => void): void {
    for (const name of Object.keys(this.headers).sort()) callback(this.get(name)!, name);
  }
}

class IncomingView implements MockRequestView {
  readonly headers: HeadersView;

  constructor(
    readonly method: string,
    readonly url: string,
    headers: IncomingHttpHeaders,
    /** The body, or the limit it went past. */
    private readonly body: Buffer | RequestTooLarge,
    readonly signal: AbortSignal,
  ) {
    this.headers = new HeadersView(headers);
  }

  text(): Promise<string> {
    return this.body instanceof RequestTooLarge ? Promise.reject(this.body) : Promise.resolve(this.body.toString('utf8'));
  }
}

const NO_BODY = Buffer.alloc(0);

/**
 * The request's body, read whole (none is expected without Content-Length or Transfer-Encoding);
 * past `limit` bytes the rest is read and dropped (the client gets its answer, not a broken pipe).
 */
function readBody(incoming: IncomingMessage, limit: number): Promise<Buffer | RequestTooLarge> {
  if (incoming.headers['content-length'] === undefined && incoming.headers['transfer-encoding'] === undefined) return Promise.resolve(NO_BODY);
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] | undefined = [];
    let length = 0;
    incoming.on('data', (chunk: Buffer) => {
      length += chunk.byteLength;
      if (length > limit) chunks = undefined;
      else chunks?.push(chunk);
    });
    incoming.once('end', () => resolve(chunks ? Buffer.concat(chunks) : new RequestTooLarge(limit)));
    incoming.once('error', reject);
  });
}

function write(reply: MockReply, outgoing: ServerResponse): void {
  const sent = sendable(reply);
  const headers: Record<string, string> = { ...sent.headers };
  const body = sent.body ?? NO_BODY;
  // RFC 9110 §8.6: no Content-Length on a 204; on a 304 it would describe the cached body.
  const lengthAllowed = sent.status !== 204 && sent.status !== 304;
  if (lengthAllowed && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-length'))
    headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  outgoing.writeHead(sent.status, headers);
  outgoing.end(body);
}

const hostInUrl = (host: string): string => (host.includes(':') ? `[${host}]` : host);

/** The reply with the CORS headers the policy gives an answer to `origin` (none without a policy). */
const withCors = (reply: MockReply, policy: CorsPolicy | undefined, origin: string | null): MockReply =>
  policy ? withHeaders(reply, corsHeaders(policy, origin, reply.headers)) : reply;

export function listen(target: MockServerTarget, options: MockListenOptions = {}): Promise<MockServer> {
  const { respond, basePath, maxRequestBytes } = target;
  const host = options.host ?? '127.0.0.1';
  // Node reads an empty host as every interface.
  if (typeof host !== 'string' || host.trim() === '') return Promise.reject(new TypeError('listen: host must name an address (omit it for 127.0.0.1)'));
  let policy: CorsPolicy | undefined;
  try {
    policy = corsPolicy(options.cors, host, 'listen: cors');
  } catch (err) {
    return Promise.reject(err);
  }
  const allowed = { methods: target.allowMethods, headers: target.allowHeaders };
  const port = options.port ?? 0;
  const origin = `http://${hostInUrl(host)}`;
  const server = createServer((incoming, outgoing) => {
    const headers = new HeadersView(incoming.headers);
    const from = headers.get('origin');
    if (policy && isPreflight(incoming.method ?? '', headers)) {
      // Answered before the core: not logged, not limited. Its body (there should be none) is drained.
      incoming.resume();
      write(preflightReply(policy, allowed, headers), outgoing);
      return;
    }
    // Aborted when the connection closes before the answer is sent (the client left, or close()).
    const gone = new AbortController();
    outgoing.once('close', () => outgoing.writableFinished || gone.abort(new Error('The connection closed before the answer')));
    readBody(incoming, maxRequestBytes)
      .then((body) =>
        respond(
          new IncomingView(
            incoming.method ?? 'GET',
            `${origin}${incoming.url?.startsWith('/') ? '' : '/'}${incoming.url ?? ''}`,
            incoming.headers,
            body,
            gone.signal,
          ),
        ),
      )
      .then((reply) => {
        if (outgoing.destroyed) return;
        if (typeof reply === 'symbol') incoming.socket.resetAndDestroy();
        else write(withCors(reply, policy, from), outgoing);
      })
      .catch((err: unknown) => {
        if (outgoing.destroyed) return;
        if (outgoing.headersSent) return void outgoing.destroy();
        write(withCors(mockError(500, `The mock failed: ${err instanceof Error ? err.message : String(err)}`), policy, from), outgoing);
      });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      resolve({
        url: `${origin}:${address.port}${basePath}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((err) => (err ? fail(err) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}
