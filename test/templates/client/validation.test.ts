/** The wrapper around a compiled validator (templates/client/validation.ts): problems, their pointers and messages. */
import { describe, expect, it } from 'vitest';
import { createValidator, DEFAULT_MAX_PROBLEMS, formatProblems, toProblems } from '../../../templates/client/validation.js';

describe('validation wrapper', () => {
  const compiled = Object.assign((d: unknown) => d === 1, {
    errors: [{ instancePath: '/a', keyword: 'enum', message: 'must be equal to one of the allowed values', params: { allowedValues: [1, 2] } }],
  });
  it('is a type guard whose problems follow the last call', () => {
    const v = createValidator<1>('validateOne', compiled, 'test');
    expect(v(2)).toBe(false);
    expect(v.problems).toEqual([
      { pointer: '/a', keyword: 'enum', message: 'must be equal to one of the allowed values: 1, 2', params: { allowedValues: [1, 2] } },
    ]);
    expect(v(1)).toBe(true);
    expect(v.problems).toEqual([]);
    expect(v.check(1)).toEqual({ valid: true, value: 1 });
    expect(v.validatorName).toBe('validateOne');
  });

  it('drops the redundant "if" errors and formats problems one per line', () => {
    const problems = toProblems([
      { instancePath: '', keyword: 'if', message: 'must match "then" schema', params: {} },
      { instancePath: '/x', keyword: 'false schema', message: 'boolean schema is false', params: {} },
    ]);
    expect(formatProblems(problems)).toBe('/x: must not be present');
  });

  it('gives a result, never a throw, when the compiled function throws', () => {
    const throwing = (error: unknown) =>
      createValidator(
        'validateThrowing',
        Object.assign(
          () => {
            throw error;
          },
          { errors: null },
        ),
        'test',
      );
    expect(throwing(new RangeError('Maximum call stack size exceeded')).check({})).toEqual({
      valid: false,
      problems: [
        {
          pointer: '',
          keyword: 'validation-aborted',
          message: 'could not be validated: the value is too deeply nested or too large (RangeError)',
          params: { error: 'RangeError' },
        },
      ],
    });
    const odd = throwing('not an Error');
    expect(odd({})).toBe(false);
    expect(odd.problems[0]!.message).toBe('could not be validated: the validator failed on this value (string)');
  });

  it('copies the parameters: changing a problem changes neither the compiled errors nor the next result', () => {
    const v = createValidator<1>('validateOne', compiled, 'test');
    v(2);
    (v.problems[0]!.params.allowedValues as number[]).push(3);
    expect(compiled.errors[0]!.params.allowedValues).toEqual([1, 2]);
    const withFunction = createValidator(
      'validateF',
      Object.assign(() => false, { errors: [{ instancePath: '', keyword: 'x', params: { value: { f: () => 1 } } }] }),
      'test',
    );
    expect(withFunction.check(0)).toMatchObject({ problems: [{ params: { value: '(not copied: DataCloneError)' } }] });
  });

  it(`reports at most ${DEFAULT_MAX_PROBLEMS} problems unless told otherwise`, () => {
    const errors = Array.from({ length: 250 }, (_, i) => ({ instancePath: `/${i}`, keyword: 'type', message: 'must be string', params: { type: 'string' } }));
    const v = createValidator(
      'validateMany',
      Object.assign(() => false, { errors }),
      'test',
    );
    expect(v.check(0)).toMatchObject({ problems: { length: DEFAULT_MAX_PROBLEMS } });
    expect(v.check(0, { maxProblems: 3 })).toMatchObject({ problems: [{ pointer: '/0' }, { pointer: '/1' }, { pointer: '/2' }] });
    expect(v.check(0, { maxProblems: Infinity })).toMatchObject({ problems: { length: 250 } });
    expect(v.check(0, { maxProblems: 0 })).toMatchObject({ problems: { length: DEFAULT_MAX_PROBLEMS } });
  });
});
