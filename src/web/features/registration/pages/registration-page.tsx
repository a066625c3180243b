import { ArrowLeft, ArrowRight, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../../components/ui/button';
import { describeRegistrationFailure, serverFieldErrors, useRegisterPatient } from '../api/register-patient';
import { buildRegistrationPayload, payloadIssues } from '../api/registration-payload';
import { AddressStep } from '../components/address-step';
import { MedicalInfoStep } from '../components/medical-info-step';
import { PersonalInfoStep } from '../components/personal-info-step';
import type { DateBinding, FieldBinding } from '../components/step-fields';
import { StepIndicator } from '../components/step-indicator';
import { fieldsOfSteps, stepsResolver } from '../lib/steps-resolver';
import {
  canVisitStep,
  EMPTY_REGISTRATION,
  firstInvalidField,
  isStepReachable,
  STEP_NUMBERS,
  stepOfField,
  WIZARD_STEPS,
  type RegistrationField,
  type RegistrationFormValues,
  type StepNumber,
} from '../lib/wizard';

/** A failed registration's notification stays 7000 ms. */
export const REGISTRATION_FAILURE_TOAST_MS = 7000;
/** The router state the login page reads to greet the new patient (spec §4: "shows a welcome message on login"). */
export interface RegisteredState {
  registeredFirstName: string;
}

// Error types: a validation key (translated through the `validation` namespace), a text of this
// feature (through `registration`), or a server message shown as the server wrote it.
const REGISTRATION_TEXT = 'registration-text';
const SERVER_TEXT = 'server-text';

/** Spec §2/§4/§5 "Patient registration wizard": three steps, then POST /api/patients/register. */
export function RegistrationPage() {
  const { t } = useTranslation(['registration', 'validation', 'errors']);
  const navigate = useNavigate();
  const [step, setStep] = useState<StepNumber>(1);
  const [announcement, setAnnouncement] = useState('');
  const { register, clearErrors, setError, trigger, getValues, getFieldState, setFocus, formState, control } =
    useForm<RegistrationFormValues>({
      defaultValues: EMPTY_REGISTRATION,
      resolver: stepsResolver,
      // Editing a field clears its error (docs/product.md): no re-validation while typing; errors appear on
      // Next or Create Account, and a field's error goes away as soon as it is edited.
      mode: 'onSubmit',
      reValidateMode: 'onSubmit',
    });
  const country = useWatch({ control, name: 'country' });
  const registration = useRegisterPatient();
  const busy = registration.isPending;
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** What gets focus once the step on screen has changed: its heading, or the field to correct. */
  const pendingFocus = useRef<RegistrationField | 'heading' | null>(null);
  const submitting = useRef(false);

  useEffect(() => {
    const target = pendingFocus.current;
    pendingFocus.current = null;
    if (target === 'heading') headingRef.current?.focus();
    else if (target) setFocus(target);
  }, [step, setFocus]);

  const birth = useController({ name: 'dateOfBirth', control });
  const dateOfBirth: DateBinding = {
    name: 'dateOfBirth',
    value: birth.field.value,
    onChange: (value) => {
      clearErrors('dateOfBirth');
      birth.field.onChange(value);
    },
    onBlur: birth.field.onBlur,
    inputRef: birth.field.ref,
    error: errorText('dateOfBirth'),
  };

  function errorText(name: RegistrationField): string | undefined {
    const error = formState.errors[name];
    let text: string | undefined;
    if (error?.message) {
      if (error.type === SERVER_TEXT) text = error.message;
      else if (error.type === REGISTRATION_TEXT) text = t(`registration:${error.message}`);
      else text = t(`validation:${error.message}`);
    }
    return text;
  }

  function field(name: RegistrationField): FieldBinding {
    const text = errorText(name);
    // Another country asks for other lines, in other shapes: what was said about them no longer holds.
    const cleared: RegistrationField[] = name === 'country' ? ['country', 'state', 'zipCode'] : [name];
    return { ...register(name, { onChange: () => clearErrors(cleared) }), error: text };
  }

  function announceErrors() {
    const text = t('errorsSummary');
    // A trailing no-break space makes a repeated summary a change, so it is read out again.
    setAnnouncement((previous) => (previous === text ? `${text}\u00a0` : text));
  }

  /** Moves focus to the first field with an error, showing its step first if needed. */
  function focusFirstError(steps: readonly StepNumber[]) {
    const errors = Object.fromEntries(STEP_NUMBERS.flatMap((s) => WIZARD_STEPS[s].fields).map((name) => [name, getFieldState(name).error]));
    const first = firstInvalidField(errors, steps);
    if (!first) return;
    announceErrors();
    if (first.step === step) {
      setFocus(first.field);
      return;
    }
    pendingFocus.current = first.field;
    setStep(first.step);
  }

  async function validate(steps: readonly StepNumber[]): Promise<boolean> {
    const valid = await trigger(fieldsOfSteps(steps));
    if (!valid) focusFirstError(steps);
    return valid;
  }

  function show(target: StepNumber) {
    pendingFocus.current = 'heading';
    setAnnouncement('');
    setStep(target);
  }

  async function goTo(target: StepNumber) {
    if (busy || target === step || !isStepReachable(step, target)) return;
    // Backwards needs no check; one step forward only when the current step validates.
    const valid = target < step ? true : await validate([step]);
    if (canVisitStep(step, target, valid)) show(target);
  }

  async function submit() {
    // A second Enter or click while the first is still validating or sending starts nothing.
    if (submitting.current) return;
    submitting.current = true;
    try {
      await validateAndSend();
    } finally {
      submitting.current = false;
    }
  }

  async function validateAndSend() {
    if (!(await validate(STEP_NUMBERS))) return;
    const payload = buildRegistrationPayload(getValues());
    // The schema the server validates with: a list item or joined address it would refuse is shown here first.
    const issues = payloadIssues(payload);
    const fields = Object.entries(issues).filter(([name]) => name !== '_form') as [RegistrationField, string][];
    if (fields.length > 0) {
      for (const [name, key] of fields) setError(name, { type: 'validate', message: key });
      focusFirstError(STEP_NUMBERS);
      return;
    }
    try {
      await registration.mutateAsync(payload);
      // Success closes the wizard; the login screen thanks them and asks them to check their
      // mail. The answer is the same whether or not the address had an account already (only the
      // mailbox learns which), so the name shown is the one typed.
      const state: RegisteredState = { registeredFirstName: payload.firstName };
      await navigate('/login', { state });
    } catch (error) {
      failed(error);
    }
  }

  function failed(error: unknown) {
    const description = describeRegistrationFailure(error, t('errors:api.generic'));
    toast.error(t('failure.title'), {
      description:
        description.kind === 'emailTaken'
          ? t('failure.emailTaken')
          : description.kind === 'server'
            ? description.message
            : t('failure.default'),
      duration: REGISTRATION_FAILURE_TOAST_MS,
    });
    // Nothing typed is lost; the fields the server refused show why, beside their inputs.
    const fromServer = Object.entries(serverFieldErrors(error)).filter(([name]) => stepOfField(name)) as [
      RegistrationField,
      { key?: string; text: string },
    ][];
    for (const [name, message] of fromServer) {
      if (name === 'email' && description.kind === 'emailTaken') setError(name, { type: REGISTRATION_TEXT, message: 'failure.emailTaken' });
      else if (message.key) setError(name, { type: 'validate', message: message.key });
      else setError(name, { type: SERVER_TEXT, message: message.text });
    }
    if (fromServer.length > 0) focusFirstError(STEP_NUMBERS);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // Enter on steps 1 and 2 means Next; on step 3 it means Create Account.
    if (step < 3) void goTo((step + 1) as StepNumber);
    else void submit();
  }

  const current = WIZARD_STEPS[step];
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12" aria-labelledby="registration-title">
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 id="registration-title" className="text-2xl font-semibold text-slate-900 dark:text-white">
          {t('title')}
        </h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('subtitle')}</p>

        <div className="mt-6">
          <StepIndicator current={step} onSelect={(target) => void goTo(target)} disabled={busy} />
        </div>

        <form noValidate onSubmit={onSubmit} aria-busy={busy} aria-labelledby="registration-step-title" className="mt-6">
          <div className="min-w-0">
            <h2
              id="registration-step-title"
              ref={headingRef}
              tabIndex={-1}
              className="text-lg font-semibold text-slate-900 focus:outline-none dark:text-white"
            >
              {t(`steps.${current.key}.title`)}
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {t('steps.progress', { step, total: STEP_NUMBERS.length })} · {t(`steps.${current.key}.description`)}
            </p>
            {step < 3 ? <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{t('requiredNote')}</p> : null}

            <div className="mt-5">
              {step === 1 ? <PersonalInfoStep field={field} dateOfBirth={dateOfBirth} /> : null}
              {step === 2 ? <AddressStep field={field} country={country} /> : null}
              {step === 3 ? <MedicalInfoStep field={field} /> : null}
            </div>

            <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex flex-col-reverse gap-3 sm:flex-row">
                {step > 1 ? (
                  <Button variant="secondary" disabled={busy} onClick={() => void goTo((step - 1) as StepNumber)}>
                    <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
                    {t('actions.previous')}
                  </Button>
                ) : null}
                <Link to="/login" className={buttonClasses('ghost')}>
                  {t('actions.backToLogin')}
                </Link>
              </div>
              {step < 3 ? (
                <Button key="next" type="submit">
                  {t('actions.next')}
                  <ArrowRight className="size-4 rtl:rotate-180" aria-hidden="true" />
                </Button>
              ) : (
                // Not `disabled` while busy: the button keeps focus, and onSubmit ignores a second press.
                <Button key="create" type="submit" aria-disabled={busy}>
                  {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
                  {busy ? t('actions.creating') : t('actions.createAccount')}
                </Button>
              )}
            </div>
          </div>
        </form>
        <p className="sr-only" aria-live="polite" role="status">
          {announcement}
        </p>
      </div>
    </section>
  );
}
