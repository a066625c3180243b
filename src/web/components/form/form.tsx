import { useCallback, type FormHTMLAttributes, type ReactNode } from 'react';
import { FormProvider, useFormState, type FieldErrors, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { FormAlert } from '../ui/field';
import type { SchemaForm, SubmitFailure } from './use-schema-form';

interface FormProps<TInput extends FieldValues, TOutput> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'onInvalid'> {
  form: SchemaForm<TInput, TOutput>;
  /** Throw (an ApiError) to fail: its field errors go beside their fields, then onFailure runs. */
  onSubmit: (values: TOutput) => Promise<void> | void;
  onFailure?: SubmitFailure;
  /** The rules found something (their messages are already beside the fields); say more, or reword one. */
  onInvalid?: (errors: FieldErrors<TInput>) => void;
  children: ReactNode;
}

/** A kit form: gives its fields the form, submits through the schema, offers back a restored backup. */
export function Form<TInput extends FieldValues, TOutput>({
  form,
  onSubmit,
  onFailure,
  onInvalid,
  children,
  ...rest
}: FormProps<TInput, TOutput>) {
  const { bindForm } = form;
  const attach = useCallback((element: HTMLFormElement | null) => bindForm(element), [bindForm]);
  return (
    <FormProvider {...form}>
      <form ref={attach} noValidate onSubmit={(event) => void form.submitWith(onSubmit, onFailure, onInvalid)(event)} {...rest}>
        {form.restored ? <RestoredNotice onDiscard={form.discardRestored} /> : null}
        {children}
      </form>
    </FormProvider>
  );
}

function RestoredNotice({ onDiscard }: { onDiscard: () => void }) {
  const { t } = useTranslation('common');
  return (
    <FormAlert tone="info" testId="form-restored">
      <span className="flex flex-wrap items-center justify-between gap-2">
        {t('form.restored')}
        <Button variant="ghost" className="min-h-8 px-2 py-1" onClick={onDiscard}>
          {t('form.discardRestored')}
        </Button>
      </span>
    </FormAlert>
  );
}

interface SubmitButtonProps {
  children: ReactNode;
  /** Shown while the form is being sent. */
  pending?: ReactNode;
  /** Disabled for reasons of the form's own (besides sending). */
  disabled?: boolean;
  className?: string;
  variant?: 'primary' | 'secondary' | 'ghost';
  testId?: string;
}

/** The form's submit button: disabled and busy while the form is sent. */
export function SubmitButton({ children, pending, disabled, className, variant, testId }: SubmitButtonProps) {
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      variant={variant}
      className={className}
      disabled={isSubmitting || disabled}
      aria-busy={isSubmitting}
      data-testid={testId}
    >
      {isSubmitting && pending ? pending : children}
    </Button>
  );
}

/** True while the surrounding kit form is being sent (for its other buttons). */
export function useFormPending(): boolean {
  return useFormState().isSubmitting;
}

/** A secondary button of a kit form (cancel, back) that waits while the form is sent. */
export function FormButton({
  children,
  onClick,
  variant = 'secondary',
  disabled,
}: {
  children: ReactNode;
  onClick: () => void;
  variant?: 'primary' | 'secondary' | 'ghost';
  disabled?: boolean;
}) {
  const pending = useFormPending();
  return (
    <Button variant={variant} onClick={onClick} disabled={pending || disabled}>
      {children}
    </Button>
  );
}
