/**
 * Every generated validator is a Standard Schema v1: typed as `@standard-schema/spec` declares it
 * (checked by `npm run typecheck`) and answering as the specification says at run time. A library
 * that takes Standard Schema (Hono) uses one in test/consumer/consumer.test.ts.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Project, Skill } from '../../generated/dist/types.js';
import { operationValidators, validateProject, validateSkill, type Validator } from '../../generated/dist/validators.js';
import { createValidator, pointerPath, type CompiledValidator } from '../../templates/client/validation.js';
import { b2bRemoteProject, skill } from '../spec/cases/fixtures.js';

/** Standard Schema's own way to run a schema: through `~standard` only. */
const standardValidate = <S extends StandardSchemaV1>(schema: S, value: unknown) =>
  schema['~standard'].validate(value) as StandardSchemaV1.Result<StandardSchemaV1.InferOutput<S>>;

/** A compiled function that always fails with `errors` (ajv's shape). */
const failing = (errors: { instancePath: string; keyword: string; params: Record<string, unknown> }[]): CompiledValidator =>
  Object.assign(() => false, { errors });

describe('the validators as Standard Schema v1', () => {
  it('are typed StandardSchemaV1<unknown, T>: the output is the schema type', () => {
    expectTypeOf(validateProject).toExtend<StandardSchemaV1<unknown, Project>>();
    expectTypeOf<StandardSchemaV1.InferOutput<typeof validateProject>>().toEqualTypeOf<Project>();
    expectTypeOf<StandardSchemaV1.InferInput<typeof validateSkill>>().toEqualTypeOf<unknown>();
    expectTypeOf<Validator<Skill>>().toExtend<StandardSchemaV1<unknown, Skill>>();
    // Not a schema of another type.
    expectTypeOf(validateSkill).not.toExtend<StandardSchemaV1<unknown, Project>>();
  });

  it('carries version 1, the package name as vendor, and a validate function; per operation too', () => {
    for (const v of [validateProject, validateSkill, operationValidators['listSkills']!.responses['200']!]) {
      expect(v['~standard'].version).toBe(1);
      expect(v['~standard'].vendor).toBe('partner-recruitment-client');
      expect(typeof v['~standard'].validate).toBe('function');
    }
  });

  it('a valid value: { value } holding the input itself, no issues', () => {
    const result = standardValidate(validateProject, b2bRemoteProject);
    expect(result).toEqual({ value: b2bRemoteProject });
    expect((result as StandardSchemaV1.SuccessResult<Project>).value).toBe(b2bRemoteProject);
  });

  it("an invalid value: { issues }, one per problem of .check(), each with its message and the pointer's segments", () => {
    const bad = { ...skill, name: 42, createdAt: undefined };
    const result = standardValidate(validateSkill, bad);
    const check = validateSkill.check(bad);
    expect(check.valid).toBe(false);
    if (check.valid || !result.issues) throw new Error('expected issues');
    expect(result.issues).toEqual(check.problems.map((p) => ({ message: p.message, path: p.pointer === '' ? [] : p.pointer.slice(1).split('/') })));
    expect(result.issues.length).toBeGreaterThan(0);
    expect(result).not.toHaveProperty('value');
  });

  it('never throws: a value too deep to validate is one issue at the root', () => {
    const deep: Record<string, unknown> = {};
    let at = deep;
    for (let i = 0; i < 200_000; i++) at = (at['x'] = {}) as Record<string, unknown>;
    const v = createValidator(
      'validateDeep',
      Object.assign(
        (d: unknown): boolean => {
          const walk = (x: unknown): boolean => (x && typeof x === 'object' ? walk((x as Record<string, unknown>)['x']) : true);
          return walk(d);
        },
        { errors: null },
      ),
      'test',
    );
    const result = standardValidate(v, deep);
    expect(result.issues).toEqual([{ message: 'could not be validated: the value is too deeply nested or too large (RangeError)', path: [] }]);
  });
});

// Issue #29 item 10: README says validators never throw; a Proxy's traps run while the path is read.
describe('validate never throws, even on a Proxy whose traps throw', () => {
  const trap = (name: string) => () => {
    throw new Error(`trap: ${name}`);
  };
  const hostile = <T extends object>(target: T) => new Proxy(target, { getOwnPropertyDescriptor: trap('getOwnPropertyDescriptor') });

  it('when check() reports one problem under the proxy: the issue, its path as the pointer says', () => {
    const v = createValidator('validateList', failing([{ instancePath: '/items/1/name', keyword: 'type', params: { type: 'string' } }]), 'test');
    for (const value of [hostile({ items: [{}, { name: 1 }] }), { items: hostile([{}, { name: 1 }]) }, { items: [{}, hostile({ name: 1 })] }]) {
      expect(v.check(value).valid).toBe(false);
      const result = standardValidate(v, value);
      expect(result.issues).toHaveLength(1);
      expect(result.issues![0]!.message).toBe('must be string');
      expect(result.issues![0]!.path!.map(String)).toEqual(['items', '1', 'name']);
    }
  });

  it('on a revoked proxy, and on a proxy whose every trap throws', () => {
    const v = createValidator('validateList', failing([{ instancePath: '/items/0', keyword: 'type', params: { type: 'string' } }]), 'test');
    const { proxy: revoked, revoke } = Proxy.revocable({ items: [1] }, {});
    revoke();
    const traps = Object.fromEntries(
      [
        'get',
        'has',
        'ownKeys',
        'getOwnPropertyDescriptor',
        'getPrototypeOf',
        'defineProperty',
        'deleteProperty',
        'set',
        'isExtensible',
        'preventExtensions',
      ].map((t) => [t, trap(t)]),
    );
    for (const value of [revoked, new Proxy({ items: [1] }, traps), { items: revoked }, { items: new Proxy([1], traps) }]) {
      const result = standardValidate(v, value);
      expect(result.issues).toHaveLength(1);
      expect(result.issues![0]!.message).toBe('must be string');
      expect(result.issues![0]!.path!.map(String)).toEqual(['items', '0']);
    }
  });

  it('a generated validator given a proxy: issues, never a throw', () => {
    for (const value of [hostile({ ...skill, name: 42 }), { ...skill, name: hostile({}) }, hostile([skill])]) {
      const result = standardValidate(validateSkill, value);
      expect(result.issues?.length).toBeGreaterThan(0);
    }
  });
});

describe('pointerPath: a JSON pointer as Standard Schema path segments', () => {
  it('unescapes ~1 and ~0, gives array indexes as numbers and object keys as strings', () => {
    const value = { 'a/b': [{ 'c~d': 1 }], '0': { '01': true }, list: [[5, 6]] };
    expect(pointerPath('', value)).toEqual([]);
    expect(pointerPath('/a~1b/0/c~0d', value)).toEqual(['a/b', 0, 'c~d']);
    expect(pointerPath('/0/01', value)).toEqual(['0', '01']);
    expect(pointerPath('/list/0/1', value)).toEqual(['list', 0, 1]);
    // Past what the value holds (a missing member), segments stay strings.
    expect(pointerPath('/missing/0', value)).toEqual(['missing', '0']);
    // A leading zero is not an array index.
    expect(pointerPath('/list/01', value)).toEqual(['list', '01']);
  });

  it('reads no getter of the value while walking it', () => {
    let reads = 0;
    const value = Object.defineProperty({}, 'x', { get: () => (reads++, [1]), enumerable: true });
    expect(pointerPath('/x/0', value)).toEqual(['x', '0']);
    expect(reads).toBe(0);
  });

  it('validate maps every problem through it, against the validated value', () => {
    const v = createValidator(
      'validateList',
      failing([
        { instancePath: '/items/1/na~1me', keyword: 'type', params: { type: 'string' } },
        { instancePath: '', keyword: 'required', params: { missingProperty: 'total' } },
      ]),
      'vendor-x',
    );
    expect(v['~standard'].vendor).toBe('vendor-x');
    expect(v['~standard'].validate({ items: [{}, { 'na/me': 1 }] })).toEqual({
      issues: [
        { message: 'must be string', path: ['items', 1, 'na/me'] },
        { message: "must have required property 'total'", path: [] },
      ],
    });
  });
});
