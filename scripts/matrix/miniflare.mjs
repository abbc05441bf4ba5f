/**
 * Runs one worker in workerd through Miniflare 4 (which needs Node >= 22: the matrix starts this
 * file with one of its own Nodes) and prints what one request to it answered, as JSON
 * `{ status, body }`. The worker gets no compatibility flag (no `nodejs_compat`): what it runs on is
 * the Workers runtime's own APIs. A worker that fails to start exits 1 with workerd's message.
 *
 *   node miniflare.mjs <miniflare's folder> <worker script> <compatibility date> <bindings JSON> <request body>
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [miniflareDir, scriptPath, compatibilityDate, bindingsJson, body] = process.argv.slice(2);
const { Miniflare } = await import(pathToFileURL(path.join(miniflareDir, 'dist', 'src', 'index.js')).href);
const mf = new Miniflare({
  modules: true,
  scriptPath,
  compatibilityDate,
  compatibilityFlags: [],
  bindings: JSON.parse(bindingsJson),
  // workerd's own log lines (a worker's console, its uncaught errors) go to stderr, beside this file's.
  handleRuntimeStdio(stdout, stderr) {
    stdout.pipe(process.stderr);
    stderr.pipe(process.stderr);
  },
});
try {
  const response = await mf.dispatchFetch('http://worker.test/', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
  const text = await response.text();
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  console.log(JSON.stringify({ status: response.status, body: parsed }));
} catch (err) {
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await mf.dispose();
}
