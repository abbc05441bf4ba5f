/**
 * The mock over real HTTP: a `node:http` server on loopback by default. Each request is read into
 * a light view (method, URL, Node's parsed headers, the body once read) rather than a Fetch API
 * `Request`, and each reply's bytes are written as they are: no streams in between. An injected
 * `reset` fault destroys the socket, as a crashed server or a proxy would.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MockReply } from './answers.js';
import type { MockRequestView, MockServer } from './types.js';

/** An answer, or a symbol for a dropped connection. */
type Respond = (request: MockRequestView) => Promise<MockReply | symbol>;

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
    private readonly body: Buffer,
  ) {
    this.headers = new HeadersView(headers);
  }

  text(): Promise<string> {
    return Promise.resolve(this.body.toString('utf8'));
  }
}

const NO_BODY = Buffer.alloc(0);

/** The request's body, read whole (none is expected without Content-Length or Transfer-Encoding). */
function readBody(incoming: IncomingMessage): Promise<Buffer> {
  if (incoming.headers['content-length'] === undefined && incoming.headers['transfer-encoding'] === undefined) return Promise.resolve(NO_BODY);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.once('end', () => resolve(Buffer.concat(chunks)));
    incoming.once('error', reject);
  });
}

function write(reply: MockReply, outgoing: ServerResponse): void {
  const headers: Record<string, string> = { ...reply.headers };
  const body = reply.body ?? NO_BODY;
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-length')) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  outgoing.writeHead(reply.status, headers);
  outgoing.end(body);
}

const hostInUrl = (host: string): string => (host.includes(':') ? `[${host}]` : host);

export function listen(respond: Respond, options: { readonly port?: number; readonly host?: string } = {}, basePath = ''): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  const origin = `http://${hostInUrl(host)}`;
  const server = createServer((incoming, outgoing) => {
    readBody(incoming)
      .then((body) => respond(new IncomingView(incoming.method ?? 'GET', `${origin}${incoming.url?.startsWith('/') ? '' : '/'}${incoming.url ?? ''}`, incoming.headers, body)))
      .then((reply) => (typeof reply === 'symbol' ? void incoming.socket.destroy() : write(reply, outgoing)))
      .catch((err: unknown) => {
        if (outgoing.headersSent) return void outgoing.destroy();
        outgoing.writeHead(500, { 'content-type': 'application/json' });
        outgoing.end(JSON.stringify({ mock: true, status: 500, error: `The mock failed: ${err instanceof Error ? err.message : String(err)}` }));
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
