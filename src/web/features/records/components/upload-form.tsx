import { Upload, X } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_ACCEPT,
  documentRefusalOf,
  type DocumentCategory,
  type DocumentItem,
  type DocumentRefusal,
} from '../../../../contracts/documents';
import { DOCUMENT_CATEGORIES } from '../../../../contracts/health-records';
import { Button } from '../../../components/ui/button';
import { FormAlert, inputClasses } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { UploadCancelled, uploadDocument } from '../api/documents';
import { precheckFile } from './file-facts';
import { useFileSize, usePercent } from './format';

// Adding a document: a category, one file (chosen or dropped), checked here by the same rules as
// on the server, then sent with a progress bar and a way to cancel. Refusals from the server are
// shown in the reader's language: the server's English message names the reason.

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'done'; name: string } | { kind: 'cancelled' };

export function UploadForm({ patientId, onUploaded }: { patientId: string; onUploaded(item: DocumentItem): void }) {
  const { t } = useTranslation('records');
  const fileSize = useFileSize();
  const formatPercent = usePercent();
  const ids = { category: useId(), file: useId(), hint: useId(), categoryError: useId(), fileError: useId() };
  const [category, setCategory] = useState<DocumentCategory | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [categoryError, setCategoryError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  const [lastPercent, setLastPercent] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const uploading = phase.kind === 'uploading';

  const refusalText = (reason: DocumentRefusal) => t(`upload.errors.${reason}`);

  async function choose(chosen: File | null) {
    setFailure(null);
    setPhase({ kind: 'idle' });
    setLastPercent(null);
    setFile(chosen);
    if (!chosen) {
      setFileError(null);
      return;
    }
    const reason = await precheckFile(chosen);
    setFileError(reason ? refusalText(reason) : null);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (uploading) return;
    const dropped = event.dataTransfer.files[0];
    if (dropped) void choose(dropped);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (uploading) return;
    setFailure(null);
    const missingCategory = category === '';
    setCategoryError(missingCategory ? refusalText('category-invalid') : null);
    if (!file) setFileError(refusalText('file-required'));
    if (missingCategory || !file || fileError) return;
    const abort = new AbortController();
    controller.current = abort;
    setPhase({ kind: 'uploading', percent: 0 });
    setLastPercent(0);
    try {
      const item = await uploadDocument(patientId, category, file, {
        signal: abort.signal,
        onProgress: (loaded, total) => {
          const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
          setPhase({ kind: 'uploading', percent });
          setLastPercent(percent);
        },
      });
      setLastPercent(100);
      setPhase({ kind: 'done', name: item.filename });
      setFile(null);
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
      const reason =
        error instanceof ApiError ? documentRefusalOf(error.fields?.file ?? error.fields?.category ?? error.message) : undefined;
      if (reason === 'category-invalid') setCategoryError(refusalText(reason));
      else if (reason) setFileError(refusalText(reason));
      else setFailure(error instanceof ApiError && error.code === 'NETWORK' ? error.message : t('upload.failed'));
    } finally {
      controller.current = null;
    }
  }

  const percent = phase.kind === 'uploading' ? phase.percent : lastPercent;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="upload-form" aria-busy={uploading}>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.category} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('upload.category')}
        </label>
        <select
          id={ids.category}
          name="category"
          value={category}
          disabled={uploading}
          aria-invalid={categoryError ? true : undefined}
          aria-describedby={categoryError ? ids.categoryError : undefined}
          onChange={(event) => {
            setCategory(event.target.value as DocumentCategory | '');
            setCategoryError(null);
          }}
          className={inputClasses(Boolean(categoryError))}
        >
          <option value="">{t('upload.chooseCategory')}</option>
          {DOCUMENT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`categories.${c}`)}
            </option>
          ))}
        </select>
        {categoryError ? (
          <p id={ids.categoryError} className="text-sm text-red-700 dark:text-red-400" data-testid="category-error">
            {categoryError}
          </p>
        ) : null}
      </div>

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
          ref={input}
          id={ids.file}
          name="file"
          type="file"
          accept={DOCUMENT_ACCEPT}
          disabled={uploading}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={[ids.hint, fileError ? ids.fileError : null].filter(Boolean).join(' ')}
          onChange={(event) => void choose(event.target.files?.[0] ?? null)}
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
        <Button type="submit" disabled={uploading}>
          <Upload className="size-4" aria-hidden="true" />
          {uploading ? t('upload.sending') : t('upload.submit')}
        </Button>
        {uploading ? (
          <Button variant="secondary" onClick={() => controller.current?.abort()}>
            <X className="size-4" aria-hidden="true" />
            {t('upload.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
