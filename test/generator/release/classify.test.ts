/**
 * Classification: one small document, one mutation per case, each with the level and rule id it
 * must produce (and the highest level of the whole diff). The document has a schema used in both
 * roles (Status), a discriminated union with an allOf member, a self-referencing and a mutually
 * recursive schema (Tree ↔ Forest), a webhook, a schema no operation reaches, a response-only
 * schema reached through an alias (LabelRef → Label), inline unions, readOnly/writeOnly
 * properties, response headers, a server variable and components other than schemas.
 */
import { describe, expect, it } from 'vitest';
import { diffDocuments } from '../../../generator/release/diff.js';
import { highestLevel, type Change, type Level } from '../../../generator/release/changes.js';

type Doc = Record<string, any>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });

function baseDocument(): Doc {
  return {
    openapi: '3.1.0',
    info: { title: 'Test', version: '1', description: 'A test API.' },
    servers: [
      {
        url: 'https://{region}.staging.example',
        'x-environment': 'staging',
        'x-rate-limit': { requestsPerSecond: 5 },
        variables: { region: { default: 'eu', enum: ['eu', 'us'] } },
      },
      { url: 'https://api.example', 'x-environment': 'production' },
    ],
    security: [{ key: [] }],
    'x-pagination': { defaultPage: 1, defaultPageSize: 20 },
    tags: [{ name: 'Items' }],
    paths: {
      '/items': {
        get: {
          operationId: 'listItems',
          tags: ['Items'],
          summary: 'List items',
          parameters: [
            { name: 'status', in: 'query', schema: ref('Status') },
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
          ],
          responses: {
            '200': {
              description: 'ok',
              headers: { 'X-Total': { required: true, schema: { type: 'integer' } }, 'X-Rate-Limit': { $ref: '#/components/headers/RateLimit' } },
              content: json({ type: 'array', items: ref('Item') }),
            },
            '404': { description: 'not found' },
          },
        },
        post: {
          operationId: 'createItem',
          tags: ['Items'],
          requestBody: { content: json(ref('NewItem')), 'x-source-gap': 'headers not shown' },
          responses: { '201': { description: 'created', content: json(ref('Item')) } },
        },
      },
      '/items/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: { operationId: 'getItem', tags: ['Items'], responses: { '200': { description: 'ok', content: json(ref('Item')) } } },
        delete: { operationId: 'deleteItem', tags: ['Items'], responses: { '204': { description: 'deleted' } } },
      },
      '/trees': {
        post: {
          operationId: 'plantTree',
          requestBody: { required: true, content: json(ref('Tree')) },
          responses: { '200': { description: 'ok', content: json(ref('Tree')) } },
        },
      },
    },
    webhooks: {
      itemCreated: {
        post: { operationId: 'onItemCreated', requestBody: { content: json(ref('Item')) }, responses: { '200': { description: 'acknowledged' } } },
      },
    },
    components: {
      securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' }, token: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Status: { type: 'string', enum: ['OPEN', 'CLOSED'] },
        Item: {
          type: 'object',
          required: ['id', 'name'],
          properties: {
            id: { type: 'string' },
            name: { type: 'string', description: 'The name.' },
            status: ref('Status'),
            state: { type: 'string', enum: ['new', 'old'] },
            tags: { type: 'array', items: { type: 'string' } },
            shape: ref('Shape'),
            createdAt: { type: 'string', readOnly: true },
            label: ref('LabelRef'),
            code: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
          },
        },
        Label: { type: 'object', properties: { text: { type: 'string' } } },
        LabelRef: ref('Label'),
        NewItem: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 50 },
            status: ref('Status'),
            note: { type: ['string', 'null'] },
            count: { type: 'integer', minimum: 0 },
            shape: ref('Shape'),
            secret: { type: 'string', writeOnly: true },
            code: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
          },
        },
        Shape: {
          oneOf: [ref('Circle'), ref('Square')],
          discriminator: { propertyName: 'kind', mapping: { circle: '#/components/schemas/Circle', square: '#/components/schemas/Square' } },
        },
        Circle: { type: 'object', required: ['kind'], properties: { kind: { const: 'circle' }, radius: { type: 'number' } } },
        Square: { allOf: [ref('ShapeBase'), { type: 'object', required: ['kind'], properties: { kind: { const: 'square' }, side: { type: 'number' } } }] },
        ShapeBase: { type: 'object', properties: { color: { type: 'string' } } },
        Tree: { type: 'object', properties: { value: { type: 'string' }, children: { type: 'array', items: ref('Tree') }, forest: ref('Forest') } },
        Forest: { type: 'object', properties: { name: { type: 'string' }, trees: { type: 'array', items: ref('Tree') } } },
        Standalone: { type: 'object', properties: { a: { type: 'string' } } },
      },
      examples: { ItemExample: { value: { id: '1', name: 'one' } } },
      headers: { RateLimit: { schema: { type: 'integer' } } },
      responses: { NotFound: { description: 'not found' } },
    },
  };
}

interface Case {
  mutate: (d: Doc) => void;
  level: Level;
  rule: string;
  pointer?: string;
  operation?: string;
  /** The highest level of the whole diff, when a second role raises it. */
  highest?: Level;
}

const S = (d: Doc) => d.components.schemas;
const op = (d: Doc, path: string, method: string) => d.paths[path][method];
const headers = (d: Doc) => op(d, '/items', 'get').responses['200'].headers;
const H200 = '/paths/~1items/get/responses/200/headers';

const cases: [string, Case][] = [
  // Operations, paths, servers, schemas
  [
    'operation removed',
    { mutate: (d) => delete d.paths['/items/{id}'].delete, level: 'breaking', rule: 'operation-removed', pointer: '/paths/~1items~1{id}/delete' },
  ],
  ['path removed', { mutate: (d) => delete d.paths['/trees'], level: 'breaking', rule: 'path-removed', operation: 'plantTree' }],
  [
    'method renamed (operation moved)',
    {
      mutate: (d) => {
        d.paths['/items/{id}'].put = d.paths['/items/{id}'].delete;
        delete d.paths['/items/{id}'].delete;
      },
      level: 'breaking',
      rule: 'operation-moved',
      pointer: '/paths/~1items~1{id}/put',
    },
  ],
  [
    'path renamed (operation moved)',
    {
      mutate: (d) => {
        d.paths['/forest'] = d.paths['/trees'];
        delete d.paths['/trees'];
      },
      level: 'breaking',
      rule: 'operation-moved',
      operation: 'plantTree',
    },
  ],
  [
    'operationId renamed',
    {
      mutate: (d) => (op(d, '/items', 'get').operationId = 'findItems'),
      level: 'breaking',
      rule: 'operation-id-changed',
      pointer: '/paths/~1items/get/operationId',
    },
  ],
  [
    'operation added',
    {
      mutate: (d) => (d.paths['/items/{id}'].patch = { operationId: 'patchItem', responses: { '204': { description: 'ok' } } }),
      level: 'additive',
      rule: 'operation-added',
      operation: 'patchItem',
    },
  ],
  ['webhook removed', { mutate: (d) => delete d.webhooks.itemCreated, level: 'breaking', rule: 'webhook-removed' }],
  ['environment removed', { mutate: (d) => d.servers.pop(), level: 'breaking', rule: 'server-removed', pointer: '/servers/1' }],
  ['environment renamed', { mutate: (d) => (d.servers[1]['x-environment'] = 'live'), level: 'breaking', rule: 'server-removed', highest: 'breaking' }],
  [
    'server URL changed',
    { mutate: (d) => (d.servers[0].url = 'https://other.example'), level: 'breaking', rule: 'server-url-changed', pointer: '/servers/0/url' },
  ],
  [
    'environment added',
    { mutate: (d) => d.servers.push({ url: 'https://sandbox.example', 'x-environment': 'sandbox' }), level: 'additive', rule: 'server-added' },
  ],
  ['exported schema removed', { mutate: (d) => delete S(d).Standalone, level: 'breaking', rule: 'schema-removed', pointer: '/components/schemas/Standalone' }],
  [
    'exported schema renamed',
    {
      mutate: (d) => {
        S(d).Alone = S(d).Standalone;
        delete S(d).Standalone;
      },
      level: 'breaking',
      rule: 'schema-renamed',
      pointer: '/components/schemas/Alone',
    },
  ],
  ['schema added', { mutate: (d) => (S(d).Extra = { type: 'string' }), level: 'additive', rule: 'schema-added' }],
  // Request parameters and bodies
  [
    'required query parameter added',
    {
      mutate: (d) => op(d, '/items', 'get').parameters.push({ name: 'q', in: 'query', required: true, schema: { type: 'string' } }),
      level: 'breaking',
      rule: 'request-parameter-added-required',
      operation: 'listItems',
    },
  ],
  [
    'optional query parameter added',
    {
      mutate: (d) => op(d, '/items', 'get').parameters.push({ name: 'q', in: 'query', schema: { type: 'string' } }),
      level: 'additive',
      rule: 'request-parameter-added',
    },
  ],
  [
    'parameter made required',
    {
      mutate: (d) => (op(d, '/items', 'get').parameters[1].required = true),
      level: 'breaking',
      rule: 'request-parameter-became-required',
      pointer: '/paths/~1items/get/parameters/1',
    },
  ],
  ['parameter removed', { mutate: (d) => op(d, '/items', 'get').parameters.pop(), level: 'breaking', rule: 'request-parameter-removed' }],
  [
    'path-level parameter type changed',
    {
      mutate: (d) => (d.paths['/items/{id}'].parameters[0].schema.type = 'integer'),
      level: 'breaking',
      rule: 'request-type-changed',
      pointer: '/paths/~1items~1{id}/parameters/0/schema/type',
      operation: 'getItem',
    },
  ],
  [
    'request property added as required',
    {
      mutate: (d) => {
        S(d).NewItem.properties.color = { type: 'string' };
        S(d).NewItem.required.push('color');
      },
      level: 'breaking',
      rule: 'request-property-added-required',
      pointer: '/components/schemas/NewItem/properties/color',
    },
  ],
  [
    'optional request property added',
    { mutate: (d) => (S(d).NewItem.properties.color = { type: 'string' }), level: 'additive', rule: 'request-property-added' },
  ],
  [
    'request property made required',
    {
      mutate: (d) => S(d).NewItem.required.push('count'),
      level: 'breaking',
      rule: 'request-property-became-required',
      pointer: '/components/schemas/NewItem/properties/count',
    },
  ],
  ['request property made optional', { mutate: (d) => (S(d).NewItem.required = []), level: 'additive', rule: 'request-property-became-optional' }],
  [
    'request body made required',
    {
      mutate: (d) => (op(d, '/items', 'post').requestBody.required = true),
      level: 'breaking',
      rule: 'request-body-became-required',
      pointer: '/paths/~1items/post/requestBody',
    },
  ],
  [
    'required request body added',
    {
      mutate: (d) => (d.paths['/items/{id}'].delete.requestBody = { required: true, content: json({ type: 'object' }) }),
      level: 'breaking',
      rule: 'request-body-added-required',
    },
  ],
  [
    'request media type removed',
    {
      mutate: (d) => (op(d, '/items', 'post').requestBody.content = { 'application/xml': { schema: ref('NewItem') } }),
      level: 'breaking',
      rule: 'request-media-type-removed',
    },
  ],
  // Request constraints
  [
    'request enum value removed (schema in both roles)',
    {
      mutate: (d) => S(d).Status.enum.pop(),
      level: 'breaking',
      rule: 'request-enum-value-removed',
      pointer: '/components/schemas/Status/enum',
      operation: 'listItems',
    },
  ],
  [
    'request enum value added (schema in both roles: response side breaks)',
    { mutate: (d) => S(d).Status.enum.push('ARCHIVED'), level: 'additive', rule: 'request-enum-value-added', operation: 'createItem', highest: 'breaking' },
  ],
  [
    'maxLength lowered',
    {
      mutate: (d) => (S(d).NewItem.properties.name.maxLength = 40),
      level: 'breaking',
      rule: 'request-constraint-tightened',
      pointer: '/components/schemas/NewItem/properties/name/maxLength',
    },
  ],
  ['maxLength raised', { mutate: (d) => (S(d).NewItem.properties.name.maxLength = 60), level: 'additive', rule: 'request-constraint-relaxed' }],
  ['maximum lowered', { mutate: (d) => (op(d, '/items', 'get').parameters[1].schema.maximum = 50), level: 'breaking', rule: 'request-constraint-tightened' }],
  ['minimum raised', { mutate: (d) => (S(d).NewItem.properties.count.minimum = 1), level: 'breaking', rule: 'request-constraint-tightened' }],
  ['minLength lowered', { mutate: (d) => (S(d).NewItem.properties.name.minLength = 0), level: 'additive', rule: 'request-constraint-relaxed' }],
  [
    'pattern added',
    {
      mutate: (d) => (S(d).NewItem.properties.name.pattern = '^[a-z]+$'),
      level: 'breaking',
      rule: 'request-constraint-tightened',
      pointer: '/components/schemas/NewItem/properties/name/pattern',
    },
  ],
  ['format added', { mutate: (d) => (S(d).NewItem.properties.name.format = 'email'), level: 'breaking', rule: 'request-constraint-tightened' }],
  ['maxItems added', { mutate: (d) => (S(d).Tree.properties.children.maxItems = 3), level: 'breaking', rule: 'request-constraint-tightened' }],
  [
    'type narrowed (null no longer accepted)',
    { mutate: (d) => (S(d).NewItem.properties.note.type = 'string'), level: 'breaking', rule: 'request-type-narrowed' },
  ],
  ['type widened (integer → number)', { mutate: (d) => (S(d).NewItem.properties.count.type = 'number'), level: 'additive', rule: 'request-type-widened' }],
  [
    'new conditional rule (if/then)',
    {
      mutate: (d) => Object.assign(S(d).NewItem, { if: { properties: { status: { const: 'CLOSED' } } }, then: { required: ['note'] } }),
      level: 'breaking',
      rule: 'request-conditional-added',
      pointer: '/components/schemas/NewItem/if',
    },
  ],
  [
    'new conditional rule (dependentRequired)',
    { mutate: (d) => (S(d).NewItem.dependentRequired = { note: ['count'] }), level: 'breaking', rule: 'request-conditional-added' },
  ],
  [
    'request variant removed',
    {
      mutate: (d) => {
        S(d).Shape.oneOf.pop();
        delete S(d).Shape.discriminator.mapping.square;
      },
      level: 'breaking',
      rule: 'request-variant-removed',
      pointer: '/components/schemas/Shape/oneOf/1',
    },
  ],
  [
    'allOf member inside a oneOf variant changed',
    {
      mutate: (d) => (S(d).Square.allOf[1].properties.side.type = 'string'),
      level: 'breaking',
      rule: 'request-type-changed',
      pointer: '/components/schemas/Square/allOf/1/properties/side/type',
      operation: 'createItem',
    },
  ],
  ['allOf member added to a request', { mutate: (d) => S(d).Square.allOf.push({ required: ['side'] }), level: 'breaking', rule: 'request-all-of-added' }],
  // Responses
  [
    'response property removed',
    {
      mutate: (d) => delete S(d).Item.properties.tags,
      level: 'breaking',
      rule: 'response-property-removed',
      pointer: '/components/schemas/Item/properties/tags',
      operation: 'getItem',
    },
  ],
  [
    'response property made optional',
    {
      mutate: (d) => (S(d).Item.required = ['id']),
      level: 'breaking',
      rule: 'response-property-became-optional',
      pointer: '/components/schemas/Item/properties/name',
    },
  ],
  [
    'response property made nullable',
    { mutate: (d) => (S(d).Item.properties.name.type = ['string', 'null']), level: 'breaking', rule: 'response-became-nullable' },
  ],
  [
    'response property made nullable (OpenAPI 3.0 nullable)',
    {
      mutate: (d) => (S(d).Item.properties.id.nullable = true),
      level: 'breaking',
      rule: 'response-became-nullable',
      pointer: '/components/schemas/Item/properties/id/type',
    },
  ],
  ['response property type changed', { mutate: (d) => (S(d).Item.properties.id.type = 'integer'), level: 'breaking', rule: 'response-type-changed' }],
  [
    'response property added',
    { mutate: (d) => (S(d).Item.properties.color = { type: 'string' }), level: 'additive', rule: 'response-property-added', operation: 'listItems' },
  ],
  [
    'response enum value added',
    {
      mutate: (d) => S(d).Item.properties.state.enum.push('gone'),
      level: 'breaking',
      rule: 'response-enum-value-added',
      pointer: '/components/schemas/Item/properties/state/enum',
    },
  ],
  ['response enum value removed', { mutate: (d) => S(d).Item.properties.state.enum.pop(), level: 'additive', rule: 'response-enum-value-removed' }],
  [
    'response variant added',
    {
      mutate: (d) => {
        S(d).Triangle = { type: 'object', properties: { kind: { const: 'triangle' } } };
        S(d).Shape.oneOf.push(ref('Triangle'));
        S(d).Shape.discriminator.mapping.triangle = '#/components/schemas/Triangle';
      },
      level: 'breaking',
      rule: 'response-variant-added',
      pointer: '/components/schemas/Shape/oneOf/2',
      operation: 'getItem',
    },
  ],
  [
    'response discriminator value added',
    { mutate: (d) => (S(d).Shape.discriminator.mapping.round = '#/components/schemas/Circle'), level: 'breaking', rule: 'response-discriminator-value-added' },
  ],
  [
    'success status removed',
    {
      mutate: (d) => delete op(d, '/items', 'post').responses['201'],
      level: 'breaking',
      rule: 'response-success-status-removed',
      pointer: '/paths/~1items/post/responses/201',
    },
  ],
  ['error status removed', { mutate: (d) => delete op(d, '/items', 'get').responses['404'], level: 'additive', rule: 'response-status-removed' }],
  [
    'response status added',
    { mutate: (d) => (op(d, '/items', 'get').responses['429'] = { description: 'slow down' }), level: 'additive', rule: 'response-status-added' },
  ],
  [
    'success media type removed',
    {
      mutate: (d) => (op(d, '/items/{id}', 'get').responses['200'].content = { 'text/plain': { schema: { type: 'string' } } }),
      level: 'breaking',
      rule: 'response-media-type-removed',
    },
  ],
  [
    'webhook payload property removed (read by the consumer)',
    { mutate: (d) => delete S(d).Item.properties.shape, level: 'breaking', rule: 'response-property-removed', operation: 'onItemCreated' },
  ],
  // Security
  [
    'security requirement added',
    {
      mutate: (d) => (op(d, '/items/{id}', 'get').security = [{ key: [], token: [] }]),
      level: 'breaking',
      rule: 'security-changed',
      pointer: '/paths/~1items~1{id}/get/security',
    },
  ],
  [
    'security requirement changed for all operations',
    { mutate: (d) => (d.security = [{ token: [] }]), level: 'breaking', rule: 'security-changed', pointer: '/security', operation: 'deleteItem' },
  ],
  ['security alternative added', { mutate: (d) => (d.security = [{ key: [] }, { token: [] }]), level: 'additive', rule: 'security-alternative-added' }],
  ['security scheme changed', { mutate: (d) => (d.components.securitySchemes.key.name = 'X-Api-Key'), level: 'breaking', rule: 'security-scheme-changed' }],
  // Deprecations and documented limits
  ['operation deprecated', { mutate: (d) => (op(d, '/items/{id}', 'get').deprecated = true), level: 'additive', rule: 'deprecated', operation: 'getItem' }],
  [
    'property deprecated',
    {
      mutate: (d) => (S(d).Item.properties.tags.deprecated = true),
      level: 'additive',
      rule: 'deprecated',
      pointer: '/components/schemas/Item/properties/tags',
    },
  ],
  [
    'rate limit changed',
    {
      mutate: (d) => (d.servers[0]['x-rate-limit'].requestsPerSecond = 10),
      level: 'additive',
      rule: 'documented-limit-changed',
      pointer: '/servers/0/x-rate-limit',
    },
  ],
  [
    'pagination defaults changed',
    { mutate: (d) => (d['x-pagination'].defaultPageSize = 50), level: 'additive', rule: 'documented-limit-changed', pointer: '/x-pagination' },
  ],
  // Documentation only
  [
    'schema description changed',
    {
      mutate: (d) => (S(d).Item.properties.name.description = 'The display name.'),
      level: 'docs',
      rule: 'description-changed',
      pointer: '/components/schemas/Item/properties/name/description',
    },
  ],
  ['operation summary changed', { mutate: (d) => (op(d, '/items', 'get').summary = 'All items'), level: 'docs', rule: 'summary-changed' }],
  [
    'shared example changed',
    {
      mutate: (d) => (d.components.examples.ItemExample.value.name = 'uno'),
      level: 'docs',
      rule: 'example-changed',
      pointer: '/components/examples/ItemExample',
    },
  ],
  ['inline example added', { mutate: (d) => (S(d).NewItem.examples = [{ name: 'x' }]), level: 'docs', rule: 'example-changed' }],
  [
    'x-source-gap text changed',
    { mutate: (d) => (op(d, '/items', 'post').requestBody['x-source-gap'] = 'headers and errors not shown'), level: 'docs', rule: 'source-gap-changed' },
  ],
  [
    'document description changed',
    { mutate: (d) => (d.info.description = 'Another text.'), level: 'docs', rule: 'description-changed', pointer: '/info/description' },
  ],
  // Recursion: both walks terminate and still see a change deep inside
  [
    'self-referencing schema: change under children',
    {
      mutate: (d) => (S(d).Tree.properties.value.maxLength = 10),
      level: 'breaking',
      rule: 'request-constraint-tightened',
      pointer: '/components/schemas/Tree/properties/value/maxLength',
      operation: 'plantTree',
    },
  ],
  [
    'mutual recursion: change in the second schema',
    {
      mutate: (d) => delete S(d).Forest.properties.name,
      level: 'breaking',
      rule: 'response-property-removed',
      pointer: '/components/schemas/Forest/properties/name',
      operation: 'plantTree',
    },
  ],
  [
    'mutual recursion: new cycle added',
    {
      mutate: (d) => (S(d).Forest.properties.parent = ref('Forest')),
      level: 'additive',
      rule: 'response-property-added',
      pointer: '/components/schemas/Forest/properties/parent',
    },
  ],
  // readOnly/writeOnly: validators and types keep the property; the flag itself is additive
  [
    'required readOnly property added to a request',
    {
      mutate: (d) => {
        S(d).NewItem.properties.id = { type: 'string', readOnly: true };
        S(d).NewItem.required.push('id');
      },
      level: 'breaking',
      rule: 'request-property-added-required',
      pointer: '/components/schemas/NewItem/properties/id',
    },
  ],
  [
    'response property made writeOnly',
    {
      mutate: (d) => (S(d).Item.properties.tags.writeOnly = true),
      level: 'additive',
      rule: 'write-only-changed',
      pointer: '/components/schemas/Item/properties/tags/writeOnly',
    },
  ],
  [
    'readOnly removed from a response property',
    {
      mutate: (d) => delete S(d).Item.properties.createdAt.readOnly,
      level: 'additive',
      rule: 'read-only-changed',
      pointer: '/components/schemas/Item/properties/createdAt/readOnly',
    },
  ],
  [
    'writeOnly request property removed',
    {
      mutate: (d) => delete S(d).NewItem.properties.secret,
      level: 'breaking',
      rule: 'request-property-removed',
      pointer: '/components/schemas/NewItem/properties/secret',
    },
  ],
  // Components other than schemas are exported types too
  [
    'components.responses entry removed',
    { mutate: (d) => delete d.components.responses.NotFound, level: 'breaking', rule: 'component-removed', pointer: '/components/responses/NotFound' },
  ],
  [
    'components.headers entry renamed',
    {
      mutate: (d) => {
        d.components.headers.Limit = d.components.headers.RateLimit;
        delete d.components.headers.RateLimit;
        headers(d)['X-Rate-Limit'].$ref = '#/components/headers/Limit';
      },
      level: 'breaking',
      rule: 'component-renamed',
      pointer: '/components/headers/Limit',
    },
  ],
  [
    'components.parameters entry added',
    {
      mutate: (d) => (d.components.parameters = { Page: { name: 'page', in: 'query', schema: { type: 'integer' } } }),
      level: 'additive',
      rule: 'component-added',
      pointer: '/components/parameters/Page',
    },
  ],
  // Keywords that can only reject more in a request
  [
    'unevaluatedProperties: false added to a request',
    {
      mutate: (d) => (S(d).NewItem.unevaluatedProperties = false),
      level: 'breaking',
      rule: 'request-constraint-tightened',
      pointer: '/components/schemas/NewItem/unevaluatedProperties',
    },
  ],
  [
    'additionalProperties: false added to a request',
    {
      mutate: (d) => (S(d).NewItem.additionalProperties = false),
      level: 'breaking',
      rule: 'request-constraint-tightened',
      pointer: '/components/schemas/NewItem/additionalProperties',
    },
  ],
  [
    'maxProperties added to a request',
    {
      mutate: (d) => (S(d).NewItem.maxProperties = 3),
      level: 'breaking',
      rule: 'request-constraint-tightened',
      pointer: '/components/schemas/NewItem/maxProperties',
    },
  ],
  [
    'propertyNames added to a request',
    {
      mutate: (d) => (S(d).NewItem.propertyNames = { maxLength: 5 }),
      level: 'breaking',
      rule: 'request-constraint-tightened',
      pointer: '/components/schemas/NewItem/propertyNames',
    },
  ],
  [
    'keyword the classifier does not know (draft-07 dependencies)',
    {
      mutate: (d) => (S(d).Item.dependencies = { tags: ['name'] }),
      level: 'breaking',
      rule: 'schema-keyword-changed',
      pointer: '/components/schemas/Item/dependencies',
    },
  ],
  [
    'constraint written beside a $ref (3.1)',
    {
      mutate: (d) => (S(d).NewItem.properties.status = { ...ref('Status'), maxLength: 3 }),
      level: 'breaking',
      rule: 'request-constraint-tightened',
      pointer: '/components/schemas/NewItem/properties/status/maxLength',
    },
  ],
  [
    'description written beside a $ref (3.1)',
    {
      mutate: (d) => (S(d).NewItem.properties.status = { ...ref('Status'), description: 'Initial status.' }),
      level: 'docs',
      rule: 'description-changed',
      pointer: '/components/schemas/NewItem/properties/status/description',
    },
  ],
  // Server variables and operation servers
  [
    'server variable enum value removed',
    {
      mutate: (d) => d.servers[0].variables.region.enum.pop(),
      level: 'breaking',
      rule: 'server-variable-value-removed',
      pointer: '/servers/0/variables/region/enum',
    },
  ],
  [
    'server variable enum value added',
    {
      mutate: (d) => d.servers[0].variables.region.enum.push('ap'),
      level: 'additive',
      rule: 'server-variable-value-added',
      pointer: '/servers/0/variables/region/enum',
    },
  ],
  [
    'server variable default changed',
    {
      mutate: (d) => (d.servers[0].variables.region.default = 'us'),
      level: 'breaking',
      rule: 'server-variable-default-changed',
      pointer: '/servers/0/variables/region/default',
    },
  ],
  [
    'operation-level servers override added',
    {
      mutate: (d) => (op(d, '/items', 'get').servers = [{ url: 'https://search.example' }]),
      level: 'breaking',
      rule: 'operation-server-removed',
      pointer: '/paths/~1items/get/servers',
      operation: 'listItems',
    },
  ],
  [
    'path-level servers add an address',
    {
      mutate: (d) => (d.paths['/trees'].servers = [...d.servers.map((s: Doc) => ({ url: s.url })), { url: 'https://trees.example' }]),
      level: 'additive',
      rule: 'operation-server-added',
      pointer: '/paths/~1trees/servers',
      operation: 'plantTree',
    },
  ],
  // Response headers
  [
    'response header removed',
    { mutate: (d) => delete headers(d)['X-Total'], level: 'breaking', rule: 'response-header-removed', pointer: `${H200}/X-Total`, operation: 'listItems' },
  ],
  [
    'response header retyped',
    { mutate: (d) => (headers(d)['X-Total'].schema.type = 'string'), level: 'breaking', rule: 'response-type-changed', pointer: `${H200}/X-Total/schema/type` },
  ],
  [
    'response header became optional',
    { mutate: (d) => delete headers(d)['X-Total'].required, level: 'breaking', rule: 'response-header-became-optional', pointer: `${H200}/X-Total` },
  ],
  [
    'response header added',
    { mutate: (d) => (headers(d)['X-Next'] = { schema: { type: 'string' } }), level: 'additive', rule: 'response-header-added', pointer: `${H200}/X-Next` },
  ],
  [
    'shared response header retyped',
    {
      mutate: (d) => (d.components.headers.RateLimit.schema.type = 'string'),
      level: 'breaking',
      rule: 'response-type-changed',
      pointer: '/components/headers/RateLimit/schema/type',
    },
  ],
  [
    'response array items schema removed',
    {
      mutate: (d) => delete S(d).Item.properties.tags.items,
      level: 'breaking',
      rule: 'response-type-changed',
      pointer: '/components/schemas/Item/properties/tags/items',
    },
  ],
  // Defaults
  [
    'parameter default changed',
    {
      mutate: (d) => (op(d, '/items', 'get').parameters[1].schema.default = 50),
      level: 'additive',
      rule: 'request-default-changed',
      pointer: '/paths/~1items/get/parameters/1/schema/default',
    },
  ],
  // $ref chains, inline unions, annotation-only allOf members: no false breaking
  [
    'response-only schema behind an alias tightened',
    {
      mutate: (d) => (S(d).Label.properties.text.maxLength = 5),
      level: 'additive',
      rule: 'response-constraint-changed',
      pointer: '/components/schemas/Label/properties/text/maxLength',
    },
  ],
  [
    'inline request variant inserted first',
    {
      mutate: (d) => S(d).NewItem.properties.code.oneOf.unshift({ type: 'boolean' }),
      level: 'additive',
      rule: 'request-variant-added',
      pointer: '/components/schemas/NewItem/properties/code/oneOf/0',
    },
  ],
  [
    'inline response variant inserted first',
    {
      mutate: (d) => S(d).Item.properties.code.oneOf.unshift({ type: 'boolean' }),
      level: 'breaking',
      rule: 'response-variant-added',
      pointer: '/components/schemas/Item/properties/code/oneOf/0',
    },
  ],
  [
    'inline variant changed in place',
    {
      mutate: (d) => (S(d).NewItem.properties.code.oneOf[1].minimum = 0),
      level: 'breaking',
      rule: 'request-constraint-tightened',
      pointer: '/components/schemas/NewItem/properties/code/oneOf/1/minimum',
    },
  ],
  [
    'allOf member with only a description added to a request',
    {
      mutate: (d) => (S(d).NewItem.allOf = [{ description: 'More.' }]),
      level: 'docs',
      rule: 'all-of-annotations-added',
      pointer: '/components/schemas/NewItem/allOf/0',
    },
  ],
  // A schema no operation reaches is judged in both roles
  [
    'unreached exported schema tightened',
    {
      mutate: (d) => (S(d).Standalone.properties.a.maxLength = 3),
      level: 'breaking',
      rule: 'request-constraint-tightened',
      pointer: '/components/schemas/Standalone/properties/a/maxLength',
    },
  ],
];

const matches = (c: Change, want: Case) =>
  c.level === want.level &&
  c.rule === want.rule &&
  (want.pointer === undefined || c.pointer === want.pointer) &&
  (want.operation === undefined || c.operation === want.operation);

describe('diffDocuments', () => {
  it('has at least 40 mutation cases covering every level', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(new Set(cases.map(([, c]) => c.level))).toEqual(new Set(['breaking', 'additive', 'docs']));
  });

  it.each(cases)('%s', (_name, want) => {
    const base = baseDocument();
    const head = baseDocument();
    want.mutate(head);
    const changes = diffDocuments(base, head);
    expect(
      changes.filter((c) => matches(c, want)),
      JSON.stringify(changes, null, 2),
    ).not.toHaveLength(0);
    expect(highestLevel(changes)).toBe(want.highest ?? want.level);
  });

  it.each<[string, (d: Doc) => void]>([
    [
      'inline union members reordered',
      (d) => {
        S(d).NewItem.properties.code.oneOf.reverse();
        S(d).Item.properties.code.oneOf.reverse();
      },
    ],
    [
      'path-level parameter moved to each operation',
      (d) => {
        const item = d.paths['/items/{id}'];
        for (const method of ['get', 'delete']) item[method].parameters = structuredClone(item.parameters);
        delete item.parameters;
      },
    ],
  ])('finds nothing when %s', (_name, mutate) => {
    const head = baseDocument();
    mutate(head);
    expect(diffDocuments(baseDocument(), head)).toEqual([]);
  });

  it('finds nothing between equal documents, whatever their key order', () => {
    const reordered = JSON.parse(
      JSON.stringify(baseDocument(), (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v)),
    );
    expect(diffDocuments(baseDocument(), reordered)).toEqual([]);
  });

  it('is deterministic and sorted by level, then pointer', () => {
    const head = baseDocument();
    for (const [, c] of cases.slice(20, 40)) c.mutate(head);
    const first = diffDocuments(baseDocument(), head);
    expect(diffDocuments(baseDocument(), structuredClone(head))).toEqual(first);
    const order = ['breaking', 'additive', 'docs'];
    const keys = first.map((c) => [order.indexOf(c.level), c.pointer] as const);
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)));
  });

  it('terminates on a $ref cycle with no schema in between', () => {
    const base = baseDocument();
    S(base).Loop = ref('Loop');
    S(base).Item.properties.loop = ref('Loop');
    const head = structuredClone(base);
    S(head).Item.properties.loop = { type: 'string' };
    expect(diffDocuments(base, head).length).toBeGreaterThan(0);
  });
});

/**
 * What a caller of the generated client writes: the `environment` key (an `x-environment`, else
 * `default` for a lone server and `server0`, `server1`, ... by position), the credential options
 * (one per security scheme, named from the scheme's name and the names before it) and the
 * parameters as sent. A name the caller passes that disappears, or now reaches another URL or
 * credential, is breaking; what the wire does not tell apart (a default spelled out, a header
 * name's case) is not.
 */
describe('what a caller writes', () => {
  const api = { url: 'https://api.example.com/v1' };
  const sandbox = { url: 'https://sandbox.example.com/v1' };
  const withServers = (servers: Doc[] | undefined) => {
    const d = baseDocument();
    if (servers === undefined) delete d.servers;
    else d.servers = structuredClone(servers);
    return d;
  };
  const summary = (changes: Change[]) => changes.map((c) => `${c.level} ${c.rule} ${c.pointer}: ${c.message}`);

  it.each<[string, Doc[], Doc[], string]>([
    [
      'servers without x-environment reordered: server0 reaches another URL',
      [api, sandbox],
      [sandbox, api],
      'breaking server-url-changed /servers/0/url: environment "server0": URL "https://api.example.com/v1" → "https://sandbox.example.com/v1"',
    ],
    ['a second server added: default disappears', [api], [api, sandbox], 'breaking server-removed /servers/0: environment "default" removed'],
    [
      'x-environment added: default becomes production',
      [api],
      [{ ...api, 'x-environment': 'production' }],
      'breaking server-removed /servers/0: environment "default" removed',
    ],
    ['one of two servers removed: server1 disappears', [api, sandbox], [api], 'breaking server-removed /servers/1: environment "server1" removed'],
    [
      'a named environment added beside unnamed servers: those are no environments any more',
      [api, sandbox],
      [api, { ...sandbox, 'x-environment': 'sandbox' }],
      'breaking server-removed /servers/0: environment "server0" removed',
    ],
  ])('%s is breaking', (_name, before, after, want) => {
    const changes = diffDocuments(withServers(before), withServers(after));
    expect(summary(changes)).toContain(want);
    expect(highestLevel(changes)).toBe('breaking');
  });

  it.each<[string, Doc[] | undefined, Doc[] | undefined, Level | undefined]>([
    [
      'named environments reordered',
      [
        { ...api, 'x-environment': 'production' },
        { ...sandbox, 'x-environment': 'sandbox' },
      ],
      undefined,
      undefined,
    ],
    ['a first server given to a document without one', undefined, [api], 'additive'],
    ['an environment added beside named ones', [{ ...api, 'x-environment': 'production' }], undefined, 'additive'],
  ])('%s is not breaking', (_name, before, after, want) => {
    const head = after ?? (want === undefined ? [...before!].reverse() : [...before!, { ...sandbox, 'x-environment': 'sandbox' }]);
    const changes = diffDocuments(withServers(before), withServers(head));
    expect(highestLevel(changes), JSON.stringify(changes, null, 2)).toBe(want);
  });

  it('the servers all removed: the default environment has no URL any more, breaking', () => {
    const changes = diffDocuments(withServers([api]), withServers(undefined));
    expect(summary(changes)).toContain('breaking server-url-removed /servers: environment "default": no URL (was "https://api.example.com/v1")');
  });

  /** Two schemes whose names give the same option (`apiKey`): the first takes it, the second is `credentialApiKey`. */
  const schemes = (names: string[]) => {
    const d = baseDocument();
    const all: Record<string, Doc> = {
      api_key: { type: 'apiKey', in: 'header', name: 'X-Key' },
      apiKey: { type: 'apiKey', in: 'header', name: 'X-Other-Key' },
      'api-key': { type: 'apiKey', in: 'header', name: 'X-Key' },
    };
    d.components.securitySchemes = Object.fromEntries(names.map((n) => [n, all[n]]));
    d.security = [{ [names.at(-1)!]: [] }];
    return d;
  };

  it('security schemes reordered so their credential options swap: breaking', () => {
    const changes = diffDocuments(schemes(['api_key', 'apiKey']), schemes(['apiKey', 'api_key']));
    expect(summary(changes)).toEqual(
      expect.arrayContaining([
        'breaking credential-option-renamed /components/securitySchemes/api_key: security scheme "api_key": client option apiKey → credentialApiKey',
        'breaking credential-option-renamed /components/securitySchemes/apiKey: security scheme "apiKey": client option credentialApiKey → apiKey',
      ]),
    );
  });

  it('a security scheme added that takes an existing credential option: breaking', () => {
    const base = schemes(['api-key']);
    const head = schemes(['apiKey', 'api-key']);
    head.security = base.security;
    const changes = diffDocuments(base, head);
    expect(summary(changes)).toContain(
      'breaking credential-option-renamed /components/securitySchemes/api-key: security scheme "api-key": client option apiKey → credentialApiKey',
    );
  });

  const listParameters = (d: Doc) => op(d, '/items', 'get').parameters as Doc[];

  it.each<[string, (d: Doc) => void]>([
    [
      "a query parameter's style: form and explode: true (the defaults) left out",
      (d) => Object.assign(listParameters(d)[1]!, { style: 'form', explode: true }),
    ],
    ['a query parameter spelling out style: form only', (d) => Object.assign(listParameters(d)[1]!, { style: 'form' })],
    [
      "a path parameter's style: simple and explode: false left out",
      (d) => Object.assign(d.paths['/items/{id}'].parameters[0], { style: 'simple', explode: false }),
    ],
    ['allowReserved: false and allowEmptyValue: false left out', (d) => Object.assign(listParameters(d)[1]!, { allowReserved: false, allowEmptyValue: false })],
  ])('finds nothing when %s', (_name, spellOut) => {
    const base = baseDocument();
    spellOut(base);
    expect(diffDocuments(base, baseDocument())).toEqual([]);
    expect(diffDocuments(baseDocument(), base)).toEqual([]);
  });

  it("still breaks on a query parameter's explode: false, or a style other than the default", () => {
    for (const change of [{ explode: false }, { style: 'spaceDelimited', explode: true }]) {
      const head = baseDocument();
      Object.assign(listParameters(head)[1]!, change);
      expect(summary(diffDocuments(baseDocument(), head))).toEqual([
        `breaking request-parameter-serialization-changed /paths/~1items/get/parameters/1/${Object.keys(change)[0]}: query parameter "limit": ${Object.keys(change)[0]} changed`,
      ]);
    }
  });

  it("a header parameter's change of case is breaking: the caller writes its name as a key of params.header", () => {
    const base = baseDocument();
    listParameters(base).push({ name: 'X-Trace', in: 'header', schema: { type: 'string' } });
    const head = structuredClone(base);
    listParameters(head)[2]!.name = 'x-trace';
    expect(summary(diffDocuments(base, head))).toEqual([
      'breaking request-parameter-removed /paths/~1items/get/parameters/2: header parameter "X-Trace" removed',
      'additive request-parameter-added /paths/~1items/get/parameters/2: optional header parameter "x-trace" added',
    ]);
  });

  it("a security header name's change of case is documentation only; a query key's is breaking", () => {
    const head = baseDocument();
    head.components.securitySchemes.key.name = 'x-key';
    expect(summary(diffDocuments(baseDocument(), head))).toEqual([
      'docs security-scheme-header-case-changed /components/securitySchemes/key/name: security scheme "key": header "X-Key" → "x-key" (the same header: HTTP header names ignore case)',
    ]);
    const base = baseDocument();
    base.components.securitySchemes.key.in = 'query';
    const query = structuredClone(base);
    query.components.securitySchemes.key.name = 'x-key';
    expect(highestLevel(diffDocuments(base, query))).toBe('breaking');
  });
});
