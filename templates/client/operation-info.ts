/**
 * What the generator read from the document about each operation: the table (`src/facts.ts` of the
 * generated package) the mock reads, and what the client reads of an entry (`RouteInfo`, in each
 * operation's module under `dist/routes/`).
 */
import type { SecurityRequirements } from './credentials.js';
import type { ParameterFacts } from './params.js';

/** A parameter: how it is written (params.ts), whether it is required, and the schema types its strings are read as. */
export interface OperationParameter extends ParameterFacts {
  readonly required: boolean;
  /** `type` of the parameter's schema (for arrays: of its items), when it states one. */
  readonly type?: string;
  /** For an object: the `type` of each property's schema (`*`: of `additionalProperties`), where it states one. */
  readonly propertyTypes?: Readonly<Record<string, string>>;
}

/** The answer a mock gives on success: a status the document allows, and its media object, if any. */
export interface OperationSuccess {
  readonly status: number;
  /** The media type and the JSON pointer of its Media Type Object in the bundled document; absent when the body is not shown. */
  readonly media?: { readonly type: string; readonly pointer: string };
}

/** How a paginated operation (its success body is the `page`/`pageSize`/`results` wrapper) pages. */
export interface OperationPagination {
  readonly defaultPage: number;
  readonly defaultPageSize: number;
  /** The boolean query parameter that asks for the count, and the wrapper's property that carries it. */
  readonly count?: { readonly parameter: string; readonly property: string };
  /** JSON pointer of the wrapper's `results` items schema in the bundled document. */
  readonly itemsPointer: string;
}

export interface OperationInfo {
  readonly operationId: string;
  /** Upper case: `GET`, `POST`, ... */
  readonly method: string;
  /** The path template (`/v1/projects/{projectId}`). */
  readonly path: string;
  /** Whether the success body is the paginated list wrapper (`page`, `pageSize`, `results`). */
  readonly paginated: boolean;
  /** The operation's security: alternatives of scheme names. */
  readonly security: SecurityRequirements;
  /** Its parameters, the path item's included, in the document's order. */
  readonly parameters: readonly OperationParameter[];
  /** Whether a request body is required; absent when the operation takes none. */
  readonly requestBodyRequired?: boolean;
  /** The media types (ranges) of the request body, when it takes one. */
  readonly requestMediaTypes?: readonly string[];
  readonly success: OperationSuccess;
  /** How it pages, when paginated and its body is shown. */
  readonly pagination?: OperationPagination;
}

/** What the client reads of an operation (its module's `info`, src/routes/): no more, so a bundle holds no more. */
export interface RouteInfo {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  /** Absent: false. */
  readonly paginated?: boolean;
  readonly security: SecurityRequirements;
  readonly parameters: readonly ParameterFacts[];
}

/**
 * The init key under which a named operation hands the client its module (src/routes/ of the
 * package), so the client need not look it up: a symbol, which openapi-fetch and `fetch` ignore.
 * From the registry: Node's one-file build of the client holds a copy of this module, and the
 * named operations must hand it the same key (the client checks the method and path it carries).
 */
export const ROUTE: unique symbol = Symbol.for('openapi-runtime.route');
