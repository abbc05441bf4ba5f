/**
 * The client's `paginate` (client.ts loads this module on its first use): every item of a
 * paginated list (`page`, `pageSize`, `results`, `totalResults`), page by page, each page through
 * the client's `GET`, ending on a short or empty page or at `totalResults`, and refusing a server
 * that answers another page, contradicts its own size or never ends the list.
 */
import type { FetchResponse } from 'openapi-fetch';
import { HttpError, PaginationError } from './errors.js';
import { checkNumericOption, isPositiveInteger } from './options.js';
import { redactHeaders, type Redaction, type RequestSummary } from './redact.js';
import { parseRetryAfter } from './retry.js';

/** What `paginate` calls: the client's `GET`. */
export interface PagedClient {
  readonly GET: (url: string, init?: Record<string, unknown>) => Promise<FetchResponse<any, any, any>>;
}

/** What `paginate` needs of its client: the redaction, and the request as sent that got a response (for its errors). */
export interface PageContext {
  readonly redaction: Redaction;
  readonly sentRequest: (response: Response) => RequestSummary;
}

const DEFAULT_MAX_PAGES = 10_000;

const positiveInteger = (value: unknown): number | undefined => (isPositiveInteger(value) ? value : undefined);

/** A page of the paginated list wrapper. */
interface ListPage {
  readonly results: unknown[];
  readonly page?: unknown;
  readonly pageSize?: unknown;
  readonly totalResults?: unknown;
}

/** The client's `paginate`: every item of a paginated list, page by page, each page through the client's `GET`. */
export async function* paginate(
  client: PagedClient,
  path: string,
  { maxPages = DEFAULT_MAX_PAGES, ...init }: Record<string, any>,
  context: PageContext,
): AsyncGenerator<unknown> {
  checkNumericOption('paginate', 'maxPages', maxPages);
  const query = { ...(init.params?.query ?? {}) };
  const askedPageSize = positiveInteger(query.pageSize);
  let firstPageLength: number | undefined;
  let page: number = query.page ?? 1;
  const signal = init.signal as AbortSignal | undefined;
  for (let pages = 1; ; pages++, page++) {
    signal?.throwIfAborted();
    // A page whose body the network cuts is the client's TransportError, as on any call (client.ts callError).
    const pageInit = { ...init, params: { ...init.params, query: { ...query, page } } };
    const { data, error, response }: FetchResponse<any, any, 'application/json'> = await (client.GET as any)(path, pageInit);
    const list = pageOf(context, data, error, response, page, pages - 1);
    yield* list.results;
    // The page size stated, else the one asked for, else the first page's length: a missing one
    // cannot make every page look full.
    firstPageLength ??= list.results.length;
    const pageSize = positiveInteger(list.pageSize) ?? askedPageSize ?? firstPageLength;
    if (isLastPage(list, page, pageSize)) return;
    if (pages >= maxPages)
      throw new PaginationError(`read ${pages} full pages and the list goes on (raise maxPages to read further)`, pages, context.sentRequest(response));
  }
}

/**
 * The answer's list, when it is page `page` of one: an error answer throws `HttpError`; an answer
 * that is not a page, another page, or a page that contradicts its own size throws `PaginationError`
 * (`read`: the pages read before it). The request is summarized only to throw: redacting the URL is
 * not paid on every page.
 */
function pageOf(context: PageContext, data: unknown, error: unknown, response: Response, page: number, read: number): ListPage {
  if (!response.ok) {
    const details = { headers: redactHeaders(response.headers, context.redaction), retryAfterMs: parseRetryAfter(response.headers.get('retry-after')) };
    throw new HttpError(response.status, error, context.sentRequest(response), details);
  }
  const list = data as { results?: unknown; page?: unknown; pageSize?: unknown; totalResults?: unknown } | undefined;
  if (!list || !Array.isArray(list.results))
    throw new PaginationError(`answer ${response.status} is not a page of results`, read, context.sentRequest(response));
  // A server that ignores the page asked for would repeat the same page forever.
  if (typeof list.page === 'number' && list.page !== page)
    throw new PaginationError(`asked for page ${page}, the server answered page ${list.page}`, read, context.sentRequest(response));
  // A page that contradicts its own size would make every page look full: no further page is asked for.
  if (typeof list.pageSize === 'number' && !(isPositiveInteger(list.pageSize) && list.results.length <= list.pageSize)) {
    throw new PaginationError(`page ${page} states pageSize ${list.pageSize} and holds ${list.results.length} results`, read, context.sentRequest(response));
  }
  return list as ListPage;
}

/** A short or empty page ends the list, and so does the page that reaches `totalResults`. */
function isLastPage(list: ListPage, page: number, pageSize: number): boolean {
  return list.results.length === 0 || list.results.length < pageSize || (typeof list.totalResults === 'number' && page * pageSize >= list.totalResults);
}
