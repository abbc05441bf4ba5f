/**
 * What names the generated package and its client: the npm name (`--package-name`) and the stem
 * of the factory, client type, options types and base error class (`--client-name`), by the rule
 * docs/maintaining.md ("Names") states:
 * - neither given: `partner-recruitment-client` and `Partner` (the toolkit's own package);
 * - `--client-name`: that stem, a PascalCase identifier;
 * - else the stem of the package name: scope dropped, a last word `client` or `sdk` dropped,
 *   the words in PascalCase (`@acme/my-api-client` → `MyApi` → `createMyApiClient`).
 */
import validatePackageName from 'validate-npm-package-name';
import { DEFAULT_PACKAGE_NAME, pascalCase } from '../lib/names.js';

export const DEFAULT_CLIENT_NAME = 'Partner';

/** Every name the package's client API takes from the stem. */
export interface ClientNames {
  /** The npm package name. */
  package: string;
  /** `Partner` */
  stem: string;
  /** `createPartnerClient` */
  factory: string;
  /** `PartnerClient` */
  client: string;
  /** `PartnerClientOptions` */
  options: string;
  /** `PartnerClientCredentials` */
  credentials: string;
  /** `PartnerClientServer` */
  server: string;
  /** `PartnerClientError`: the runtime's `ClientError`, exported under this name. */
  error: string;
}

/** A bad `--package-name` or `--client-name`: its message names the option and the rule. */
export class NamingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NamingError';
  }
}

const STEM = /^[A-Z][A-Za-z0-9]*$/;
/** Stems whose names the generated index already imports from the runtime (`RuntimeClient`, `createRuntimeClient`). */
const RESERVED_STEMS = new Set(['Runtime']);

/** The stem the rule derives from a package name, or undefined when no identifier comes of it. */
export function stemOfPackageName(packageName: string): string | undefined {
  const words = packageName
    .replace(/^@[^/]*\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  // `client` or `sdk` alone leaves no name of its own: `--client-name` must give one.
  if (words.length > 0 && /^(client|sdk)$/i.test(words.at(-1)!)) words.pop();
  if (words.length === 0) return undefined;
  const stem = pascalCase(words.join('-'));
  return STEM.test(stem) && !RESERVED_STEMS.has(stem) ? stem : undefined;
}

/** The names for the options given; throws NamingError for a bad one. */
export function clientNames(packageName?: string, clientName?: string): ClientNames {
  if (packageName !== undefined) {
    const verdict = validatePackageName(packageName);
    if (!verdict.validForNewPackages) {
      const reasons = [...(verdict.errors ?? []), ...(verdict.warnings ?? [])];
      throw new NamingError(`--package-name ${JSON.stringify(packageName)} is not a valid npm package name: ${reasons.join('; ')}`);
    }
  }
  let stem: string;
  if (clientName !== undefined) {
    if (!STEM.test(clientName))
      throw new NamingError(
        `--client-name ${JSON.stringify(clientName)} must be a PascalCase identifier: a capital letter, then letters and digits (e.g. MyApi)`,
      );
    if (RESERVED_STEMS.has(clientName))
      throw new NamingError(`--client-name ${JSON.stringify(clientName)} is taken by the runtime's own names (create${clientName}Client); choose another`);
    stem = clientName;
  } else if (packageName === undefined) {
    stem = DEFAULT_CLIENT_NAME;
  } else {
    const derived = stemOfPackageName(packageName);
    if (derived === undefined)
      throw new NamingError(
        `no client name follows from --package-name ${JSON.stringify(packageName)} (it needs a word besides a last "client" or "sdk", its words must start with a letter, and they must not make "Runtime"); give --client-name`,
      );
    stem = derived;
  }
  const client = `${stem}Client`;
  return {
    package: packageName ?? DEFAULT_PACKAGE_NAME,
    stem,
    factory: `create${client}`,
    client,
    options: `${client}Options`,
    credentials: `${client}Credentials`,
    server: `${client}Server`,
    error: `${client}Error`,
  };
}
