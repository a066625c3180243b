import { ArrowLeft, ArrowRight, Loader2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Form } from '../../../components/form/form';
import { useSchemaForm, type PlacedError } from '../../../components/form/use-schema-form';
import { Button, buttonClasses } from '../../../components/ui/button';
import { AddressFields } from '../../../components/patient-details/address-fields';
import { MedicalFields } from '../../../components/patient-details/medical-fields';
import { patientDetailsFieldOf } from '../../../components/patient-details/patient-details-values';
import { loadPasswordCheck } from '../../../lib/password-check/use-password-refusal';
import { useLoadedOrganisationName } from '../../../lib/use-public-config';
import { isEmailTaken, registrationFailureText, useRegisterPatient } from '../api/register-patient';
import { buildRegistrationPayload, payloadIssues } from '../api/registration-payload';
import { PersonalInfoStep } from '../components/personal-info-step';
import { StepIndicator } from '../components/step-indicator';
import { wizardSchema } from '../lib/wizard-schema';
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

/** How long leaving step 1 waits for the password estimator before leaving the check to the server. */
const ESTIMATOR_WAIT_MS = 1500;

/** A failed registration's notification stays 7000 ms. */
export const REGISTRATION_FAILURE_TOAST_MS = 7000;
/** The router state the login page reads to greet the new patient with a welcome on the login screen. */
export interface RegisteredState {
  registeredFirstName: string;
}

/** A server error's payload path, as the wizard field that shows it; undefined for values without an input. */
const serverField = (path: string) => {
  const field = patientDetailsFieldOf(path);
  return stepOfField(field) ? field : undefined;
};

/** The patient registration wizard: three steps, then POST /api/patients/register. */
export function RegistrationPage() {
  const { t } = useTranslation(['registration', 'validation', 'errors']);
  const navigate = useNavigate();
  const [step, setStep] = useState<StepNumber>(1);
  const [announcement, setAnnouncement] = useState('');
  // Next checks the step on screen, Create Account every step (lib/wizard-schema.ts).
  const schema = useMemo(() => wizardSchema(step), [step]);
  const form = useSchemaForm<RegistrationFormValues>({ schema, defaultValues: EMPTY_REGISTRATION, serverField });
  const { setError, trigger, getValues, getFieldState, setFocus } = form;
  const registration = useRegisterPatient();
  const organisationName = useLoadedOrganisationName();
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

  function announceErrors() {
    const text = t('errorsSummary');
    // A trailing no-break space makes a repeated summary a change, so it is read out again.
    setAnnouncement((previous) => (previous === text ? `${text}\u00a0` : text));
  }

  /**
   * Says that fields need attention and shows the step of the first one. The kit focuses a field on
   * the step on screen; one on another step gets focus once its step is shown.
   */
  function showFirstError() {
    const errors = Object.fromEntries(STEP_NUMBERS.flatMap((s) => WIZARD_STEPS[s].fields).map((name) => [name, getFieldState(name).error]));
    const first = firstInvalidField(errors, STEP_NUMBERS);
    if (!first) return;
    announceErrors();
    if (first.step === step) return;
    pendingFocus.current = first.field;
    setStep(first.step);
  }

  function show(target: StepNumber) {
    pendingFocus.current = 'heading';
    setAnnouncement('');
    setStep(target);
  }

  /** The step indicator: backwards freely, one step forward when the step on screen is valid. */
  async function goTo(target: StepNumber) {
    if (busy || target === step || !isStepReachable(step, target)) return;
    const fields = WIZARD_STEPS[step].fields;
    const valid = target < step ? true : await trigger([...fields]);
    if (!valid) {
      const first = fields.find((name) => getFieldState(name).invalid);
      announceErrors();
      if (first) setFocus(first);
      return;
    }
    if (canVisitStep(step, target, valid)) show(target);
  }

  /** The form's submit, once the rules passed: Next on steps 1 and 2 (Enter too), Create Account on step 3. */
  async function onSubmit() {
    if (step === 1 && (await refusePassword())) return;
    if (step < 3) {
      show((step + 1) as StepNumber);
      return;
    }
    // A second Enter or click while the first is still sending starts nothing.
    if (submitting.current || busy) return;
    submitting.current = true;
    try {
      await send();
    } finally {
      submitting.current = false;
    }
  }

  /**
   * Step 1 is not left with a password the server will refuse as easy to guess (the field says so
   * as it is typed, once typing pauses). The estimator is a large download that starts when the step
   * opens: on a slow connection the step waits for it at most ESTIMATOR_WAIT_MS, and without it (not
   * there yet, or its download failed) the server says it at the end.
   */
  async function refusePassword(): Promise<boolean> {
    const check = await Promise.race([
      loadPasswordCheck().catch(() => null),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), ESTIMATOR_WAIT_MS)),
    ]);
    const { password, email, firstName, lastName } = getValues();
    const refusal = check?.(password, { email, firstName, lastName }, organisationName);
    if (!refusal) return false;
    setError('password', { type: 'validate', message: refusal });
    announceErrors();
    setFocus('password');
    return true;
  }

  async function send() {
    const payload = buildRegistrationPayload(getValues());
    // The schema the server validates with: a list item or joined address it would refuse is shown here first.
    const issues = payloadIssues(payload);
    const fields = Object.entries(issues).filter(([name]) => name !== '_form') as [RegistrationField, string][];
    if (fields.length > 0) {
      for (const [name, key] of fields) setError(name, { type: 'validate', message: key });
      const first = firstInvalidField(Object.fromEntries(fields), STEP_NUMBERS);
      announceErrors();
      if (first?.step === step) setFocus(first.field);
      else if (first) {
        pendingFocus.current = first.field;
        setStep(first.step);
      }
      return;
    }
    await registration.mutateAsync(payload);
    // Success closes the wizard; the login screen thanks them and asks them to check their
    // mail. The answer is the same whether or not the address had an account already (only the
    // mailbox learns which), so the name shown is the one typed.
    const state: RegisteredState = { registeredFirstName: payload.firstName };
    await navigate('/login', { state });
  }

  function failed(error: unknown, placed: readonly PlacedError[]) {
    toast.error(t('failure.title'), { description: registrationFailureText(t, error), duration: REGISTRATION_FAILURE_TOAST_MS });
    // Nothing typed is lost; the fields the server refused show why, beside their inputs (the kit
    // placed them), and a taken address says what to do about it.
    if (isEmailTaken(error) && placed.some(([field]) => field === 'email')) {
      setError('email', { type: 'server', message: t('failure.emailTaken') });
    }
    if (placed.length > 0) showFirstError();
  }

  function invalid(errors: FieldErrors<RegistrationFormValues>) {
    if (Object.keys(errors).length > 0) showFirstError();
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

        <Form
          form={form}
          onSubmit={onSubmit}
          onFailure={failed}
          onInvalid={invalid}
          aria-busy={busy}
          aria-labelledby="registration-step-title"
          className="mt-6"
        >
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

            <div className="mt-5 grid gap-4 sm:grid-cols-2">
              {step === 1 ? <PersonalInfoStep /> : null}
              {step === 2 ? <AddressFields entry="own" /> : null}
              {step === 3 ? <MedicalFields entry="own" /> : null}
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
                  {busy ? <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
                  {busy ? t('actions.creating') : t('actions.createAccount')}
                </Button>
              )}
            </div>
          </div>
        </Form>
        <p className="sr-only" aria-live="polite" role="status">
          {announcement}
        </p>
      </div>
    </section>
  );
}
