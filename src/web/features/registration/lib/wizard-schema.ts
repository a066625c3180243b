import { z } from 'zod';
import { STEP_NUMBERS, WIZARD_STEPS, type RegistrationFormValues, type StepNumber } from './wizard';

/**
 * The wizard's schema while a step is on screen. One form holds all three steps (so nothing typed
 * is lost when moving between them), but Next checks only the step on screen and Create Account all
 * of them. The steps' schemas are the contract's own, so the wizard and the server validate alike;
 * the values pass through unchanged, since the payload is built from them as typed.
 */
export function wizardSchema(step: StepNumber) {
  const checked = step < 3 ? [step] : STEP_NUMBERS;
  return z.custom<RegistrationFormValues>().superRefine(async (values, ctx) => {
    for (const number of checked) {
      const result = await WIZARD_STEPS[number].schema.safeParseAsync(values);
      for (const issue of result.error?.issues ?? []) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
  });
}
