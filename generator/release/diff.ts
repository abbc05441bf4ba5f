/**
 * Classification: every difference between two bundled OpenAPI 3.0/3.1 documents that a consumer
 * of the generated package can notice, each with its level (breaking, additive, docs), rule id,
 * JSON pointer and operation. Operations are matched by method and path (then by operationId, to
 * tell a move from a removal), servers by the environment name callers pass, components, parameters,
 * statuses, media types and headers by name; request and response schemas are judged in their
 * role (schema-diff.ts). A component schema that no operation or webhook reaches is an exported
 * type and validator of its own: judged in both roles. Pure: two documents in, a sorted list out.
 */
import { escapePointer } from '../lib/pointer.js';
import { forEachEntry, isObject, own, type Doc } from '../lib/own.js';
import { defaultOperationId, METHODS, serializationOf } from '../model/model.js';
import { credentialOptionNames } from '../model/security.js';
import { environmentsOf } from '../model/servers.js';
import { GenerationError } from '../lib/problems.js';
import { ChangeList, type Change, type Located, type Role } from './changes.js';
import { canonical, DOCS_KEYWORDS, docsChanges, entries, list } from './compare.js';
import { lookup, resolve, SchemaDiff } from './schema-diff.js';

/** The sections of `components` that openapi-typescript exports as types. */
const EXPORTED_COMPONENTS = ['schemas', 'responses', 'parameters', 'requestBodies', 'headers', 'pathItems'];

/** Extensions that document limits the client follows: a change is additive. */
const LIMIT_EXTENSIONS = ['x-rate-limit', 'x-pagination'];

interface OperationRef {
  operationId: string;
  /** `GET /path`, or `POST webhook EVENT` for a webhook. */
  label: string;
  path: string;
  op: Located;
  item: Located;
}

export function diffDocuments(base: object, head: object): Change[] {
  return new DocumentDiff(base as Doc, head as Doc).run();
}

class DocumentDiff {
  private readonly changes = new ChangeList();

  constructor(
    private readonly base: Doc,
    private readonly head: Doc,
  ) {}

  run(): Change[] {
    this.info();
    this.servers();
    this.securitySchemes();
    this.operations('paths');
    this.operations('webhooks');
    this.components();
    this.extensions(this.base, this.head, '');
    for (const [name] of this.union(this.base.components?.examples, this.head.components?.examples)) {
      const pointer = `/components/examples/${escapePointer(name)}`;
      if (canonical(own(this.base.components?.examples, name)) !== canonical(own(this.head.components?.examples, name)))
        this.changes.add('docs', 'example-changed', pointer, `example ${JSON.stringify(name)} changed`);
    }
    return this.changes.sorted();
  }

  /** Keys of two objects, sorted: [key, in base, in head]. */
  private union(b: unknown, h: unknown): [string, boolean, boolean][] {
    const keys = [...new Set([...entries(b).map(([k]) => k), ...entries(h).map(([k]) => k)])].sort();
    return keys.map((k) => [k, own(b, k) !== undefined, own(h, k) !== undefined]);
  }

  private info(): void {
    docsChanges(this.changes, this.base.info, this.head.info, '/info');
    if (canonical(this.base.info, DOCS_KEYWORDS) !== canonical(this.head.info, DOCS_KEYWORDS))
      this.changes.add('docs', 'info-changed', '/info', 'document information changed');
    if (canonical(this.base.tags) !== canonical(this.head.tags)) this.changes.add('docs', 'tags-changed', '/tags', 'tags changed');
    if (canonical(this.base.externalDocs) !== canonical(this.head.externalDocs))
      this.changes.add('docs', 'external-docs-changed', '/externalDocs', 'externalDocs changed');
  }

  /** `x-` extensions of an object: documented limits are additive, the rest docs. */
  private extensions(before: unknown, after: unknown, pointer: string): void {
    for (const [key] of this.union(before, after)) {
      if (!key.startsWith('x-') || canonical(own(before, key)) === canonical(own(after, key))) continue;
      const at = `${pointer}/${escapePointer(key)}`;
      if (LIMIT_EXTENSIONS.includes(key)) this.changes.add('additive', 'documented-limit-changed', at, `${key} changed`);
      else if (key.startsWith('x-source-gap')) this.changes.add('docs', 'source-gap-changed', at, `${key} changed`);
      else this.changes.add('docs', 'extension-changed', at, `${key} changed`);
    }
  }

  /**
   * Servers are the client's environments, compared by the name a caller passes as `environment`
   * (model/servers.ts names them: `x-environment`, else `default` or `server0`, `server1`, ...):
   * a name gone, or one that now reaches another URL, is breaking; a new name is additive. The
   * environment of a document without servers has no URL (the caller gives `baseUrl`).
   */
  private servers(): void {
    const index = (doc: Doc) => {
      const servers = list(doc.servers);
      const out = new Map<string, Located>();
      for (const { name, index: i } of environmentsOf(servers)) {
        if (!out.has(name)) out.set(name, i === undefined ? { value: undefined, pointer: '/servers' } : { value: servers[i], pointer: `/servers/${i}` });
      }
      return out;
    };
    const before = index(this.base);
    const after = index(this.head);
    for (const name of [...new Set([...before.keys(), ...after.keys()])].sort()) {
      const label = `environment ${JSON.stringify(name)}`;
      const b = before.get(name);
      const h = after.get(name);
      if (!h) this.changes.add('breaking', 'server-removed', b!.pointer, `${label} removed`);
      else if (!b) this.changes.add('additive', 'server-added', h.pointer, `${label} added`);
      else {
        const bUrl = own(b.value, 'url');
        const hUrl = own(h.value, 'url');
        if (b.value === undefined && h.value !== undefined)
          this.changes.add('additive', 'server-url-added', h.pointer, `${label}: URL ${JSON.stringify(hUrl)} (\`baseUrl\` no longer needed)`);
        else if (b.value !== undefined && h.value === undefined)
          this.changes.add('breaking', 'server-url-removed', h.pointer, `${label}: no URL (was ${JSON.stringify(bUrl)})`);
        else if (bUrl !== hUrl)
          this.changes.add('breaking', 'server-url-changed', `${h.pointer}/url`, `${label}: URL ${JSON.stringify(bUrl)} → ${JSON.stringify(hUrl)}`);
        const bv = own(b.value, 'variables');
        const hv = own(h.value, 'variables');
        for (const [variable, inB, inH] of this.union(bv, hv)) {
          const at = `${h.pointer}/variables/${escapePointer(variable)}`;
          const what = `${label}: variable ${JSON.stringify(variable)}`;
          if (inB && !inH) this.changes.add('breaking', 'server-variable-removed', `${b.pointer}/variables/${escapePointer(variable)}`, `${what} removed`);
          else if (!inB) this.changes.add('additive', 'server-variable-added', at, `${what} added`);
          else this.serverVariable(own(bv, variable), own(hv, variable), at, what);
        }
        docsChanges(this.changes, b.value, h.value, h.pointer);
        this.extensions(b.value, h.value, h.pointer);
      }
    }
  }

  /**
   * The client checks a variable's value against its `enum` and fills the URL with its `default`:
   * a value no longer allowed, a new enum, or another default (another address for whoever keeps
   * it) is breaking; more values or no enum is additive.
   */
  private serverVariable(b: unknown, h: unknown, at: string, what: string): void {
    docsChanges(this.changes, b, h, at);
    this.extensions(b, h, at);
    if (canonical(own(b, 'default')) !== canonical(own(h, 'default')))
      this.changes.add(
        'breaking',
        'server-variable-default-changed',
        `${at}/default`,
        `${what}: default ${JSON.stringify(own(b, 'default')) ?? 'none'} → ${JSON.stringify(own(h, 'default')) ?? 'none'}`,
      );
    const be = own(b, 'enum');
    const he = own(h, 'enum');
    if (canonical(be) === canonical(he)) return;
    if (!Array.isArray(he)) this.changes.add('additive', 'server-variable-enum-removed', `${at}/enum`, `${what}: any value allowed`);
    else if (!Array.isArray(be))
      this.changes.add('breaking', 'server-variable-enum-added', `${at}/enum`, `${what}: restricted to ${he.map((v) => JSON.stringify(v)).join(', ')}`);
    else {
      const removed = be.filter((v) => !he.includes(v));
      const added = he.filter((v) => !be.includes(v));
      if (removed.length)
        this.changes.add(
          'breaking',
          'server-variable-value-removed',
          `${at}/enum`,
          `${what}: value ${removed.map((v) => JSON.stringify(v)).join(', ')} no longer allowed`,
        );
      if (added.length)
        this.changes.add('additive', 'server-variable-value-added', `${at}/enum`, `${what}: value ${added.map((v) => JSON.stringify(v)).join(', ')} allowed`);
    }
  }

  /**
   * Each scheme is a client option the caller sets (model/security.ts names it from the scheme's
   * name and the names before it): another option name for the same scheme is breaking. An API
   * key header's name is compared ignoring case, as HTTP does.
   */
  private securitySchemes(): void {
    const bs = this.base.components?.securitySchemes;
    const hs = this.head.components?.securitySchemes;
    const bOptions = credentialOptions(this.base);
    const hOptions = credentialOptions(this.head);
    for (const [name, inB, inH] of this.union(bs, hs)) {
      const pointer = `/components/securitySchemes/${escapePointer(name)}`;
      const label = `security scheme ${JSON.stringify(name)}`;
      if (!inH) this.changes.add('breaking', 'security-scheme-removed', pointer, `${label} removed`);
      else if (!inB) this.changes.add('additive', 'security-scheme-added', pointer, `${label} added`);
      else {
        const b = resolve(this.base, { value: own(bs, name), pointer });
        const h = resolve(this.head, { value: own(hs, name), pointer });
        const [bOption, hOption] = [bOptions?.get(name), hOptions?.get(name)];
        if (bOption !== undefined && hOption !== undefined && bOption !== hOption)
          this.changes.add('breaking', 'credential-option-renamed', pointer, `${label}: client option ${bOption} → ${hOption}`);
        const bName = own(b.value, 'name');
        const hName = own(h.value, 'name');
        const headerCase = isHeaderKey(b.value) && isHeaderKey(h.value) && bName !== hName && String(bName).toLowerCase() === String(hName).toLowerCase();
        const shape = (scheme: unknown) => canonical(headerCase ? { ...(scheme as Doc), name: undefined } : scheme, DOCS_KEYWORDS);
        if (headerCase)
          this.changes.add(
            'docs',
            'security-scheme-header-case-changed',
            `${h.pointer}/name`,
            `${label}: header ${JSON.stringify(bName)} → ${JSON.stringify(hName)} (the same header: HTTP header names ignore case)`,
          );
        if (shape(b.value) !== shape(h.value)) this.changes.add('breaking', 'security-scheme-changed', h.pointer, `${label} changed`);
        docsChanges(this.changes, b.value, h.value, h.pointer);
      }
    }
  }

  private operationsOf(doc: Doc, section: 'paths' | 'webhooks'): Map<string, OperationRef> {
    const out = new Map<string, OperationRef>();
    for (const [path, rawItem] of entries(doc[section])) {
      const item = resolve(doc, { value: rawItem, pointer: `/${section}/${escapePointer(path)}` });
      for (const method of METHODS) {
        const op = own(item.value, method);
        if (!isObject(op)) continue;
        const label = section === 'paths' ? `${method.toUpperCase()} ${path}` : `${method.toUpperCase()} webhook ${path}`;
        // The generator's own default when an operation has no operationId.
        const operationId = typeof op.operationId === 'string' ? op.operationId : section === 'paths' ? defaultOperationId(method, path) : label;
        out.set(label, { operationId, label, path, op: { value: op, pointer: `${item.pointer}/${method}` }, item });
      }
    }
    return out;
  }

  /**
   * Paths are called by the consumer; webhooks call the consumer, so their request body is read
   * by it (response role) and their responses built by it (request role).
   */
  private operations(section: 'paths' | 'webhooks'): void {
    const before = this.operationsOf(this.base, section);
    const after = this.operationsOf(this.head, section);
    const afterById = new Map([...after.values()].map((o) => [o.operationId, o]));
    const paired = new Set<string>();
    const what = section === 'paths' ? 'operation' : 'webhook';
    const attribute = (o: OperationRef) => {
      this.changes.operation = o.operationId;
      this.changes.webhook = section === 'webhooks' ? o.path : undefined;
    };
    for (const [key, b] of before) {
      let h = after.get(key);
      attribute(b);
      if (!h) {
        const moved = afterById.get(b.operationId);
        if (moved && !before.has(moved.label)) {
          h = moved;
          this.changes.add('breaking', `${what}-moved`, h.op.pointer, `${b.label} moved to ${h.label}`);
        } else {
          const pathGone = section === 'paths' && own(this.head.paths, b.path) === undefined;
          this.changes.add('breaking', pathGone ? 'path-removed' : `${what}-removed`, b.op.pointer, `${b.label} removed`);
          continue;
        }
      }
      paired.add(h.label);
      attribute(h);
      this.operation(b, h, section === 'webhooks');
    }
    for (const [key, h] of after) {
      if (paired.has(key)) continue;
      attribute(h);
      this.changes.add('additive', `${what}-added`, h.op.pointer, `${h.label} added`);
    }
    this.changes.operation = undefined;
    this.changes.webhook = undefined;
  }

  private operation(b: OperationRef, h: OperationRef, webhook: boolean): void {
    const B = b.op.value as Doc;
    const H = h.op.value as Doc;
    const at = (key: string) => `${h.op.pointer}/${key}`;
    if (b.operationId !== h.operationId)
      this.changes.add(
        'breaking',
        'operation-id-changed',
        at('operationId'),
        `operationId ${JSON.stringify(b.operationId)} → ${JSON.stringify(h.operationId)}`,
      );
    docsChanges(this.changes, B, H, h.op.pointer);
    docsChanges(this.changes, b.item.value, h.item.value, h.item.pointer);
    if (B.deprecated !== true && H.deprecated === true) this.changes.add('additive', 'deprecated', h.op.pointer, `${h.label} deprecated`);
    if (B.deprecated === true && H.deprecated !== true) this.changes.add('additive', 'deprecation-removed', h.op.pointer, `${h.label} no longer deprecated`);
    if (canonical(B.tags) !== canonical(H.tags)) this.changes.add('docs', 'tags-changed', at('tags'), 'tags changed');
    this.extensions(B, H, h.op.pointer);
    this.extensions(b.item.value, h.item.value, h.item.pointer);
    const schemas = new SchemaDiff(this.base, this.head, this.changes);
    const sent: Role = webhook ? 'response' : 'request';
    const received: Role = webhook ? 'request' : 'response';
    if (!webhook) {
      this.parameters(b, h, schemas);
      this.security(B, H, h.op.pointer);
      this.operationServers(b, h);
    }
    this.requestBody(b.op, h.op, sent, schemas);
    this.responses(b.op, h.op, received, schemas);
  }

  /** The servers an operation is served from (its own, else its path's, else the document's), by URL, and where they are declared. */
  private serversOf(doc: Doc, o: OperationRef): { urls: Set<string>; pointer: string } {
    const owners: Located[] = [o.op, o.item, { value: doc, pointer: '' }];
    const owner = owners.find((x) => list(own(x.value, 'servers')).length > 0) ?? owners[2]!;
    return { urls: new Set(list(own(owner.value, 'servers')).map((s) => String(own(s, 'url')))), pointer: `${owner.pointer}/servers` };
  }

  /**
   * `servers` on an operation or path: an address the operation was served from and no longer is
   * breaks whoever calls it there (an override of the document's servers included); a new
   * address only is additive. The docs pages show them; the client calls the environments.
   */
  private operationServers(b: OperationRef, h: OperationRef): void {
    const before = this.serversOf(this.base, b);
    const after = this.serversOf(this.head, h);
    if (before.pointer === '/servers' && after.pointer === '/servers') return;
    const removed = [...before.urls].filter((u) => !after.urls.has(u)).sort();
    const added = [...after.urls].filter((u) => !before.urls.has(u)).sort();
    if (removed.length) this.changes.add('breaking', 'operation-server-removed', after.pointer, `no longer served from ${removed.join(', ')}`);
    if (added.length) this.changes.add('additive', 'operation-server-added', after.pointer, `also served from ${added.join(', ')}`);
  }

  /** Path-level then operation-level parameters, by `in` and name, each resolved with its pointer. */
  private parametersOf(doc: Doc, o: OperationRef): Map<string, Located> {
    const out = new Map<string, Located>();
    for (const [owner, key] of [
      [o.item, 'parameters'],
      [o.op, 'parameters'],
    ] as const) {
      list(own(owner.value, key)).forEach((p, i) => {
        const param = resolve(doc, { value: p, pointer: `${owner.pointer}/${key}/${i}` });
        if (isObject(param.value)) out.set(`${param.value.in} ${param.value.name}`, param);
      });
    }
    return out;
  }

  private parameters(b: OperationRef, h: OperationRef, schemas: SchemaDiff): void {
    const before = this.parametersOf(this.base, b);
    const after = this.parametersOf(this.head, h);
    for (const key of [...new Set([...before.keys(), ...after.keys()])].sort()) {
      const bp = before.get(key);
      const hp = after.get(key);
      const B = bp?.value as Doc | undefined;
      const H = hp?.value as Doc | undefined;
      const label = `${(H ?? B)!.in} parameter ${JSON.stringify((H ?? B)!.name)}`;
      if (!H) {
        this.changes.add('breaking', 'request-parameter-removed', bp!.pointer, `${label} removed`);
        continue;
      }
      if (!B) {
        if (H.required === true) this.changes.add('breaking', 'request-parameter-added-required', hp!.pointer, `required ${label} added`);
        else this.changes.add('additive', 'request-parameter-added', hp!.pointer, `optional ${label} added`);
        continue;
      }
      if (B.required !== true && H.required === true)
        this.changes.add('breaking', 'request-parameter-became-required', hp!.pointer, `${label} became required`);
      if (B.required === true && H.required !== true)
        this.changes.add('additive', 'request-parameter-became-optional', hp!.pointer, `${label} became optional`);
      if (B.deprecated !== true && H.deprecated === true) this.changes.add('additive', 'deprecated', hp!.pointer, `${label} deprecated`);
      docsChanges(this.changes, B, H, hp!.pointer);
      this.extensions(B, H, hp!.pointer);
      const [bWire, hWire] = [serialization(B), serialization(H)];
      for (const keyword of Object.keys(bWire)) {
        if (canonical(bWire[keyword]) !== canonical(hWire[keyword]))
          this.changes.add('breaking', 'request-parameter-serialization-changed', `${hp!.pointer}/${keyword}`, `${label}: ${keyword} changed`);
      }
      schemas.compare({ value: B.schema, pointer: `${bp!.pointer}/schema` }, { value: H.schema, pointer: `${hp!.pointer}/schema` }, 'request');
      this.content(bp!, hp!, 'request', schemas, true);
    }
  }

  /** The requirements in force (the operation's, else the document's), each as canonical text; none is `{}` (anonymous). */
  private requirements(doc: Doc, op: Doc): Set<string> {
    const declared = op.security ?? doc.security;
    const alternatives = Array.isArray(declared) && declared.length ? declared : [{}];
    return new Set(alternatives.map((r) => canonical(Object.fromEntries(entries(r).map(([k, scopes]) => [k, list(scopes).map(String).sort()])))));
  }

  /** Security: still accepting every former alternative is additive; anything else asks the consumer for something new. */
  private security(B: Doc, H: Doc, pointer: string): void {
    const before = this.requirements(this.base, B);
    const after = this.requirements(this.head, H);
    if (canonical([...before].sort()) === canonical([...after].sort())) return;
    const at = H.security !== undefined ? `${pointer}/security` : '/security';
    if ([...before].every((r) => after.has(r))) this.changes.add('additive', 'security-alternative-added', at, 'security requirement alternative added');
    else this.changes.add('breaking', 'security-changed', at, `security ${[...before].sort().join(' or ')} → ${[...after].sort().join(' or ')}`);
  }

  private requestBody(bOp: Located, hOp: Located, role: Role, schemas: SchemaDiff): void {
    const b = resolve(this.base, { value: own(bOp.value, 'requestBody'), pointer: `${bOp.pointer}/requestBody` });
    const h = resolve(this.head, { value: own(hOp.value, 'requestBody'), pointer: `${hOp.pointer}/requestBody` });
    const B = isObject(b.value) ? b.value : undefined;
    const H = isObject(h.value) ? h.value : undefined;
    if (!B && !H) return;
    if (!B) {
      if (role === 'request' && H!.required === true) this.changes.add('breaking', 'request-body-added-required', h.pointer, 'required request body added');
      else this.changes.add('additive', `${role}-body-added`, h.pointer, 'body added');
      return;
    }
    if (!H) {
      this.changes.add('breaking', `${role}-body-removed`, b.pointer, 'body removed');
      return;
    }
    if (role === 'request' && B.required !== true && H.required === true)
      this.changes.add('breaking', 'request-body-became-required', h.pointer, 'request body became required');
    if (role === 'request' && B.required === true && H.required !== true)
      this.changes.add('additive', 'request-body-became-optional', h.pointer, 'request body became optional');
    docsChanges(this.changes, B, H, h.pointer);
    this.extensions(B, H, h.pointer);
    this.content(b, h, role, schemas, true);
  }

  private responses(bOp: Located, hOp: Located, role: Role, schemas: SchemaDiff): void {
    const br = own(bOp.value, 'responses');
    const hr = own(hOp.value, 'responses');
    for (const [status, inB, inH] of this.union(br, hr)) {
      const b = resolve(this.base, { value: own(br, status), pointer: `${bOp.pointer}/responses/${escapePointer(status)}` });
      const h = resolve(this.head, { value: own(hr, status), pointer: `${hOp.pointer}/responses/${escapePointer(status)}` });
      const success = /^2/.test(status);
      if (!inH)
        this.changes.add(
          success ? 'breaking' : 'additive',
          success ? 'response-success-status-removed' : 'response-status-removed',
          b.pointer,
          `response ${status} removed`,
        );
      else if (!inB) this.changes.add('additive', 'response-status-added', h.pointer, `response ${status} added`);
      else {
        docsChanges(this.changes, b.value, h.value, h.pointer);
        this.extensions(b.value, h.value, h.pointer);
        this.content(b, h, role, schemas, success);
        this.headers(b, h, role, schemas);
      }
    }
  }

  /**
   * A response's headers are typed (`headers: { "X-Total"?: number }`): for a reader, one removed
   * or made optional is breaking, one added or made required additive; for a writer (a webhook's
   * response, built by the consumer) the reverse. Each header's schema or content is compared in the role.
   */
  private headers(b: Located, h: Located, role: Role, schemas: SchemaDiff): void {
    const bh = own(b.value, 'headers');
    const hh = own(h.value, 'headers');
    const reads = role === 'response';
    for (const [name, inB, inH] of this.union(bh, hh)) {
      const bp = resolve(this.base, { value: own(bh, name), pointer: `${b.pointer}/headers/${escapePointer(name)}` });
      const hp = resolve(this.head, { value: own(hh, name), pointer: `${h.pointer}/headers/${escapePointer(name)}` });
      const label = `header ${JSON.stringify(name)}`;
      const required = (x: Located) => own(x.value, 'required') === true;
      if (!inH) this.changes.add(reads ? 'breaking' : 'additive', `${role}-header-removed`, bp.pointer, `${label} removed`);
      else if (!inB) {
        const breaking = !reads && required(hp);
        this.changes.add(breaking ? 'breaking' : 'additive', breaking ? `${role}-header-added-required` : `${role}-header-added`, hp.pointer, `${label} added`);
      } else {
        if (required(bp) !== required(hp)) {
          const breaking = reads === required(bp);
          this.changes.add(
            breaking ? 'breaking' : 'additive',
            `${role}-header-became-${required(hp) ? 'required' : 'optional'}`,
            hp.pointer,
            `${label} became ${required(hp) ? 'required' : 'optional'}`,
          );
        }
        if (own(bp.value, 'deprecated') !== true && own(hp.value, 'deprecated') === true)
          this.changes.add('additive', 'deprecated', hp.pointer, `${label} deprecated`);
        docsChanges(this.changes, bp.value, hp.value, hp.pointer);
        this.extensions(bp.value, hp.value, hp.pointer);
        schemas.compare(
          { value: own(bp.value, 'schema'), pointer: `${bp.pointer}/schema` },
          { value: own(hp.value, 'schema'), pointer: `${hp.pointer}/schema` },
          role,
        );
        this.content(bp, hp, role, schemas, true);
      }
    }
  }

  /**
   * Media types of a body, response or parameter: removing one the consumer sends, or one a
   * success response had, is breaking; each shared one's schema is compared in the role.
   */
  private content(b: Located, h: Located, role: Role, schemas: SchemaDiff, removalBreaks: boolean): void {
    const bc = own(b.value, 'content');
    const hc = own(h.value, 'content');
    for (const [media, inB, inH] of this.union(bc, hc)) {
      const bm: Located = { value: own(bc, media), pointer: `${b.pointer}/content/${escapePointer(media)}` };
      const hm: Located = { value: own(hc, media), pointer: `${h.pointer}/content/${escapePointer(media)}` };
      if (!inH) this.changes.add(removalBreaks ? 'breaking' : 'additive', `${role}-media-type-removed`, bm.pointer, `media type ${media} removed`);
      else if (!inB) this.changes.add('additive', `${role}-media-type-added`, hm.pointer, `media type ${media} added`);
      else {
        docsChanges(this.changes, bm.value, hm.value, hm.pointer);
        schemas.compare(
          { value: own(bm.value, 'schema'), pointer: `${bm.pointer}/schema` },
          { value: own(hm.value, 'schema'), pointer: `${hm.pointer}/schema` },
          role,
        );
      }
    }
  }

  /**
   * Components openapi-typescript exports as types (`components["schemas"]["Item"]`, and the
   * same for responses, parameters, request bodies, headers and path items; schemas are
   * validators too): removed or renamed is breaking, added additive. A rename is a removed
   * component whose definition (docs aside) reappears under a new name. Their contents are
   * judged where operations use them; an unreached schema is judged on its own in both roles.
   */
  private components(): void {
    for (const section of EXPORTED_COMPONENTS) {
      const what = section === 'schemas' ? 'schema' : 'component';
      const bs = own(this.base.components, section);
      const hs = own(this.head.components, section);
      const pointer = (name: string) => `/components/${section}/${escapePointer(name)}`;
      const label = (name: string) => `${section === 'schemas' ? 'schema' : `components.${section}`} ${JSON.stringify(name)}`;
      const names = this.union(bs, hs);
      const added = names.filter(([, inB, inH]) => !inB && inH).map(([name]) => name);
      const shape = (byName: unknown, name: string) => canonical(own(byName, name), DOCS_KEYWORDS);
      const renamedTo = new Set<string>();
      for (const [name, inB, inH] of names) {
        if (inH || !inB) continue;
        const target = added.find((n) => !renamedTo.has(n) && shape(hs, n) === shape(bs, name));
        if (target !== undefined) {
          renamedTo.add(target);
          this.changes.add('breaking', `${what}-renamed`, pointer(target), `${label(name)} renamed to ${JSON.stringify(target)}`);
        } else this.changes.add('breaking', `${what}-removed`, pointer(name), `${label(name)} removed`);
      }
      for (const name of added) if (!renamedTo.has(name)) this.changes.add('additive', `${what}-added`, pointer(name), `${label(name)} added`);
    }
    this.unreachedSchemas();
  }

  private unreachedSchemas(): void {
    const bs = this.base.components?.schemas;
    const hs = this.head.components?.schemas;
    const pointer = (name: string) => `/components/schemas/${escapePointer(name)}`;
    const names = this.union(bs, hs);
    const reached = new Set([...reachable(this.base), ...reachable(this.head)]);
    const schemas = new SchemaDiff(this.base, this.head, this.changes);
    for (const [name, inB, inH] of names) {
      if (!inB || !inH || reached.has(pointer(name))) continue;
      for (const role of ['request', 'response'] as const)
        schemas.compare({ value: own(bs, name), pointer: pointer(name) }, { value: own(hs, name), pointer: pointer(name) }, role);
    }
  }
}

/** How a parameter is sent (model.ts `serializationOf`, defaults filled in), and `allowEmptyValue` (default false). */
function serialization(parameter: Doc): Record<string, unknown> {
  const { style, explode, allowReserved } = serializationOf(parameter);
  return { style, explode, allowReserved, allowEmptyValue: parameter.allowEmptyValue === true };
}

/** An API key sent as a header. */
const isHeaderKey = (scheme: unknown): boolean => own(scheme, 'type') === 'apiKey' && own(scheme, 'in') === 'header';

/**
 * The client option of each security scheme, as the generated client names them (none for
 * `mutualTLS`); undefined when the names collide (the document cannot be generated: nothing to compare).
 */
function credentialOptions(doc: Doc): Map<string, string | undefined> | undefined {
  const schemes = doc.components?.securitySchemes;
  try {
    const options: Map<string, string | undefined> = credentialOptionNames(Object.keys(isObject(schemes) ? schemes : {}));
    for (const [name] of options) {
      if (own(resolve(doc, { value: own(schemes, name), pointer: '' }).value, 'type') === 'mutualTLS') options.set(name, undefined);
    }
    return options;
  } catch (error) {
    if (error instanceof GenerationError) return undefined;
    throw error;
  }
}

/** The JSON pointers of every `$ref` target reachable from the document's paths and webhooks, each hop of a `$ref` chain included. */
function reachable(doc: Doc): Set<string> {
  const found = new Set<string>();
  const pending: unknown[] = [doc.paths, doc.webhooks];
  while (pending.length) {
    forEachEntry(pending.pop(), (key, value) => {
      if (key !== '$ref' || typeof value !== 'string' || !value.startsWith('#')) return;
      const target = lookup(doc, value);
      if (found.has(target.pointer)) return;
      found.add(target.pointer);
      // Walked in turn: its own `$ref` (an alias of another schema) is the next hop.
      pending.push(target.value);
    });
  }
  return found;
}
