import { describe, expect, it } from 'vitest';
import { canVisitStep, firstInvalidField, isStepReachable, stepOfField } from './wizard';

describe('wizard step navigation (only backwards or one step forward)', () => {
  it('always allows going back, to any earlier step', () => {
    expect(canVisitStep(3, 1, false)).toBe(true);
    expect(canVisitStep(3, 2, false)).toBe(true);
    expect(canVisitStep(2, 1, false)).toBe(true);
  });

  it('allows one step forward only when the current step is valid', () => {
    expect(canVisitStep(1, 2, true)).toBe(true);
    expect(canVisitStep(1, 2, false)).toBe(false);
    expect(canVisitStep(2, 3, true)).toBe(true);
    expect(canVisitStep(2, 3, false)).toBe(false);
  });

  it('never allows skipping ahead two steps, valid or not', () => {
    expect(canVisitStep(1, 3, true)).toBe(false);
    expect(isStepReachable(1, 3)).toBe(false);
    expect(isStepReachable(1, 2)).toBe(true);
    expect(isStepReachable(3, 1)).toBe(true);
  });
});

describe('fields and steps', () => {
  it('knows which step shows each field', () => {
    expect(stepOfField('email')).toBe(1);
    expect(stepOfField('zipCode')).toBe(2);
    expect(stepOfField('allergies')).toBe(3);
    expect(stepOfField('role')).toBeUndefined();
  });

  it('finds the first invalid field in the order the wizard shows them', () => {
    expect(firstInvalidField({ gender: 'x', lastName: 'x', city: 'x' })).toEqual({ step: 1, field: 'lastName' });
    expect(firstInvalidField({ city: 'x', allergies: 'x' })).toEqual({ step: 2, field: 'city' });
    expect(firstInvalidField({ city: 'x' }, [1])).toBeUndefined();
  });
});
