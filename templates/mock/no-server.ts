/**
 * The HTTP server where there is none to start: what the package's `#mock-server` import resolves
 * to outside Node, Bun and Deno (a browser, a worker), so that a bundle of the mock imports no
 * `node:` module. `listen()` rejects, saying what to use instead.
 */
import type { MockListenOptions, MockServer, MockServerTarget } from './types.js';

export function listen(_target: MockServerTarget, _options?: MockListenOptions): Promise<MockServer> {
  return Promise.reject(
    new Error(
      'listen(): the mock\'s HTTP server needs Node, Bun or Deno, and this build of the mock has none (the package\'s #mock-server import resolved without the "node" condition, as in a browser or a worker). Here, answer requests in process: mock.fetch, mock.handle, or createMockHandlers(mock, { baseUrl }) for Mock Service Worker.',
    ),
  );
}
