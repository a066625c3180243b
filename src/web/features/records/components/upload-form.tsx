import { Upload, X } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useController, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DOCUMENT_ACCEPT, DOCUMENT_REFUSAL_KEYS, type DocumentCategory, type DocumentItem } from '../../../../contracts/documents';
import { DOCUMENT_CATEGORIES } from '../../../../contracts/health-records';
import { SelectInput } from '../../../components/form/fields';
import { Form, SubmitButton } from '../../../components/form/form';
import { useSchemaForm, type PlacedError } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { fieldErrorText } from '../../../lib/forms/field-error-text';
import { UploadCancelled, uploadDocument } from '../api/documents';
import { precheckFile } from '../../../lib/files/file-facts';
import { useFileSize } from '../../../lib/files/file-size';
import { usePercent } from './format';

// Adding a document: a category, one file (chosen or dropped), checked here by the same rules as
// on the server, then sent with a progress bar and a way to cancel. Refusals from the server are
// shown in the reader's language: the server's English message names the reason.

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'done'; name: string } | { kind: 'cancelled' };

/** A category and a file that passes the server's checks (run on the file's first bytes here). */
const uploadFormSchema = z.object({
  category: z.enum(DOCUMENT_CATEGORIES, DOCUMENT_REFUSAL_KEYS['category-invalid']),
  file: z.instanceof(File, { message: DOCUMENT_REFUSAL_KEYS['file-required'] }).superRefine(async (file, ctx) => {
    const reason = await precheckFile(file);
    if (reason) ctx.addIssue({ code: 'custom', message: DOCUMENT_REFUSAL_KEYS[reason] });
  }),
});

interface UploadFormValues {
  category: DocumentCategory | '';
  file: File | null;
}

const EMPTY: UploadFormValues = { category: '', file: null };

export function UploadForm({ patientId, onUploaded }: { patientId: string; onUploaded(item: DocumentItem): void }) {
  const { t } = useTranslation('records');
  const fileSize = useFileSize();
  const formatPercent = usePercent();
  const ids = { file: useId(), hint: useId(), fileError: useId() };
  const form = useSchemaForm<UploadFormValues, z.output<typeof uploadFormSchema>>({ schema: uploadFormSchema, defaultValues: EMPTY });
  const { control, setValue, clearErrors, trigger } = form;
  const { field: fileField } = useController({ name: 'file', control });
  const { errors } = useFormState({ control, name: 'file' });
  const file = fileField.value;
  const fileError = fieldErrorText(t, errors.file?.message);
  const [failure, setFailure] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  const [lastPercent, setLastPercent] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const uploading = phase.kind === 'uploading';

  // A chosen file is checked at once (the form's other rules wait for the submit): a wrong file is
  // said before anyone presses Upload.
  function choose(chosen: File | null) {
    setFailure(null);
    setPhase({ kind: 'idle' });
    setLastPercent(null);
    clearErrors('file');
    setValue('file', chosen, { shouldDirty: true });
    if (chosen) void trigger('file');
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (uploading) return;
    const dropped = event.dataTransfer.files[0];
    if (dropped) choose(dropped);
  }

  async function send(values: z.output<typeof uploadFormSchema>) {
    setFailure(null);
    const abort = new AbortController();
    controller.current = abort;
    setPhase({ kind: 'uploading', percent: 0 });
    setLastPercent(0);
    try {
      const item = await uploadDocument(patientId, values.category, values.file, {
        signal: abort.signal,
        onProgress: (loaded, total) => {
          const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
          setPhase({ kind: 'uploading', percent });
          setLastPercent(percent);
        },
      });
      setLastPercent(100);
      setPhase({ kind: 'done', name: item.filename });
      setValue('file', null);
      if (input.current) input.current.value = '';
      onUploaded(item);
    } catch (error) {
      if (error instanceof UploadCancelled) {
        setPhase({ kind: 'cancelled' });
        setLastPercent(null);
        return;
      }
      setPhase({ kind: 'idle' });
      setLastPercent(null);
      // The kit puts a refusal of the category or the file beside it, in the reader's language.
      throw error;
    } finally {
      controller.current = null;
    }
  }

  function failed(error: unknown, placed: readonly PlacedError[]) {
    if (placed.length > 0) return;
    setFailure(error instanceof ApiError && error.code === 'NETWORK' ? error.message : t('upload.failed'));
  }

  const percent = phase.kind === 'uploading' ? phase.percent : lastPercent;
  return (
    <Form form={form} onSubmit={send} onFailure={failed} className="flex flex-col gap-4" data-testid="upload-form" aria-busy={uploading}>
      <SelectInput name="category" label={t('upload.category')} disabled={uploading}>
        <option value="">{t('upload.chooseCategory')}</option>
        {DOCUMENT_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {t(`categories.${c}`)}
          </option>
        ))}
      </SelectInput>

      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!uploading) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
        className={`flex flex-col gap-2 rounded-xl border-2 border-dashed p-4 ${
          dragging ? 'border-brand-700 bg-brand-50 dark:bg-brand-900/40' : 'border-slate-300 dark:border-slate-600'
        }`}
      >
        <label htmlFor={ids.file} className="flex items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
          <Upload className="size-4 shrink-0" aria-hidden="true" />
          {t('upload.file')}
        </label>
        <p id={ids.hint} className="text-xs text-slate-600 dark:text-slate-400">
          {t('upload.hint')}
        </p>
        <input
          ref={(element) => {
            input.current = element;
            fileField.ref(element);
          }}
          id={ids.file}
          name="file"
          type="file"
          accept={DOCUMENT_ACCEPT}
          disabled={uploading}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={[ids.hint, fileError ? ids.fileError : null].filter(Boolean).join(' ')}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
          onBlur={fileField.onBlur}
          className="block w-full min-w-0 text-sm text-slate-800 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white dark:text-slate-200"
        />
        {file ? (
          <p className="text-sm break-all text-slate-700 dark:text-slate-300" data-testid="selected-file">
            {t('upload.selected', { name: file.name, size: fileSize(file.size) })}
          </p>
        ) : null}
        {fileError ? (
          <p id={ids.fileError} role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="file-error">
            {fileError}
          </p>
        ) : null}
      </div>

      {percent !== null ? (
        <div className="flex flex-col gap-1">
          <div
            role="progressbar"
            aria-label={t('upload.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={t('upload.progress', { percent: formatPercent(percent) })}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
          >
            <div
              className="h-full rounded-full bg-brand-700 transition-[width] motion-reduce:transition-none"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-400" aria-hidden="true">
            {t('upload.progress', { percent: formatPercent(percent) })}
          </p>
        </div>
      ) : null}

      {phase.kind === 'done' ? (
        <FormAlert tone="success" testId="upload-done">
          {t('upload.done', { name: phase.name })}
        </FormAlert>
      ) : null}
      {phase.kind === 'cancelled' ? (
        <FormAlert tone="info" testId="upload-cancelled">
          {t('upload.cancelled')}
        </FormAlert>
      ) : null}
      {failure ? <FormAlert testId="upload-failed">{failure}</FormAlert> : null}

      <div className="flex flex-wrap gap-3">
        <SubmitButton
          pending={
            <>
              <Upload className="size-4" aria-hidden="true" />
              {t('upload.sending')}
            </>
          }
        >
          <Upload className="size-4" aria-hidden="true" />
          {t('upload.submit')}
        </SubmitButton>
        {uploading ? (
          <Button variant="secondary" onClick={() => controller.current?.abort()}>
            <X className="size-4" aria-hidden="true" />
            {t('upload.cancel')}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
