import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { STEP_NUMBERS, stepOfField, WIZARD_STEPS, type RegistrationFormValues, type StepNumber } from './wizard';

type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** The fields to name in `trigger(...)` to validate these steps. */
export function fieldsOfSteps(steps: readonly StepNumber[]) {
  return steps.flatMap((step) => WIZARD_STEPS[step].fields);
}

/**
 * One form holds all three steps (so nothing typed is lost when moving between them), but each
 * validation checks only the steps whose fields it names: Next names the current step's fields,
 * Create Account all of them. The steps' schemas are the contracts' own, so the wizard
 * and the server validate alike.
 */
export const stepsResolver: Resolver<RegistrationFormValues> = async (values, context, options) => {
  const named = options.names?.map((name) => stepOfField(name)).filter((step) => step !== undefined);
  const steps = named ? STEP_NUMBERS.filter((step) => named.includes(step)) : STEP_NUMBERS;
  let errors: FieldErrors<RegistrationFormValues> = {};
  for (const step of steps) {
    const check = zodResolver(WIZARD_STEPS[step].schema as FormSchema) as unknown as Resolver<RegistrationFormValues>;
    const result = await check(values, context, options);
    errors = { ...errors, ...result.errors };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};
