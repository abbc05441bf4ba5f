/**
 * Reading a request's body within the mock's limit (`maxRequestBytes`): a body past it is refused
 * (413) without being kept, whether it is announced by `Content-Length` or only streamed.
 */
import { concatBytes } from '../client/bytes.js';
import type { MockRequestView } from './types.js';

/** Default most bytes of a request body the mock reads: 4 MiB. */
export const DEFAULT_MAX_REQUEST_BYTES: number = 4 * 1024 * 1024;

/** A request body longer than the mock's limit. */
export class RequestTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than the mock's limit of ${limit} bytes (maxRequestBytes)`);
    this.name = 'RequestTooLarge';
  }
}

/** Whether the request announces a body longer than `limit` (`Content-Length`). */
export function announcedTooLarge(request: MockRequestView, limit: number): boolean {
  const length = request.headers.get('content-length');
  return length !== null && /^\d+$/.test(length.trim()) && Number(length) > limit;
}

/** The bytes of a stream, at most `limit` of them: past it the stream is cancelled and `RequestTooLarge` thrown. */
export async function readLimited(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limit) {
      // Not awaited: some streams (MSW's) settle their cancel only once the answer is sent.
      void reader.cancel().catch(() => undefined);
      throw new RequestTooLarge(limit);
    }
    chunks.push(value);
  }
  return concatBytes(chunks, length);
}

/** The request's body as text, within `limit` bytes (`RequestTooLarge` past it). */
export async function readRequestText(request: MockRequestView, limit: number): Promise<string> {
  if (announcedTooLarge(request, limit)) throw new RequestTooLarge(limit);
  const body = (request as { body?: unknown }).body;
  if (body instanceof ReadableStream) return new TextDecoder().decode(await readLimited(body as ReadableStream<Uint8Array>, limit));
  return request.text();
}
