import { Paperclip, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DOCUMENT_ACCEPT, DOCUMENT_REFUSAL_KEYS } from '../../../../contracts/documents';
import { MESSAGE_ATTACHMENT_MAX_BYTES, MESSAGE_ATTACHMENTS_MAX, TOO_MANY_ATTACHMENTS_KEY } from '../../../../contracts/messages';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { precheckFile } from '../../../lib/files/file-facts';
import { useFileSize } from '../../../lib/files/file-size';
import { fieldErrorText } from '../../../lib/forms/field-error-text';

// The files of a message being written, shared by the reply box and the new conversation form: up
// to MESSAGE_ATTACHMENTS_MAX files. A chosen file is checked here by the server's own rules (its
// type from its first bytes, its size), so a wrong one is said at once, in the reader's language,
// and never added; the chosen files stay until the message is sent.

export interface AttachmentChoice {
  files: File[];
  errors: string[];
  announcement: string;
  choose: (chosen: readonly File[]) => Promise<void>;
  remove: (index: number) => void;
  clear: () => void;
}

/** The chosen files and the checks on them; `onChange` hears of every choice (to clear an old failure). */
export function useAttachmentChoice(onChange?: () => void): AttachmentChoice {
  const { t } = useTranslation('messages');
  const [files, setFiles] = useState<File[]>([]);
  // The files as of now: a check finishes after awaiting the files' first bytes, when another choice
  // may have changed the list, so it counts against this rather than the list it started with.
  const current = useRef<File[]>([]);
  const keep = (next: File[]) => {
    current.current = next;
    setFiles(next);
  };
  const [errors, setErrors] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');

  async function choose(chosen: readonly File[]) {
    if (chosen.length === 0) return;
    const found: string[] = [];
    const accepted: File[] = [];
    for (const file of chosen) {
      const reason = await precheckFile(file);
      if (reason) found.push(t('composer.refused', { name: file.name, reason: t(`validation:${DOCUMENT_REFUSAL_KEYS[reason]}`) }));
      else accepted.push(file);
    }
    if (current.current.length + accepted.length > MESSAGE_ATTACHMENTS_MAX) {
      found.push(t(`validation:${TOO_MANY_ATTACHMENTS_KEY}`));
    } else {
      keep([...current.current, ...accepted]);
    }
    setErrors(found);
    onChange?.();
  }

  function remove(index: number) {
    const file = files[index];
    keep(files.filter((_, i) => i !== index));
    setErrors([]);
    if (file) setAnnouncement(t('composer.removed', { name: file.name }));
  }

  function clear() {
    keep([]);
    setErrors([]);
  }

  return { files, errors, announcement, choose, remove, clear };
}

/** The "Attach files" picker, the chosen files with a remove button each, and what was refused. */
export function AttachmentPicker({ choice }: { choice: AttachmentChoice }) {
  const { t } = useTranslation('messages');
  const fileSize = useFileSize();
  const ids = { input: useId(), hint: useId(), errors: useId() };
  const input = useRef<HTMLInputElement>(null);
  const { files, errors } = choice;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          id={ids.input}
          type="file"
          multiple
          accept={DOCUMENT_ACCEPT}
          className="peer sr-only"
          aria-describedby={[ids.hint, errors.length > 0 ? ids.errors : null].filter(Boolean).join(' ')}
          aria-invalid={errors.length > 0 ? true : undefined}
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])];
            // Cleared, so choosing the same file again after removing it is a change too.
            event.target.value = '';
            void choice.choose(chosen);
          }}
          data-testid="attach-input"
        />
        <label
          htmlFor={ids.input}
          className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          <Paperclip className="size-4" aria-hidden="true" />
          {t('composer.attach')}
        </label>
        <p id={ids.hint} className="text-xs text-slate-600 dark:text-slate-400">
          {t('composer.attachHint', { max: MESSAGE_ATTACHMENTS_MAX, size: fileSize(MESSAGE_ATTACHMENT_MAX_BYTES) })}
        </p>
      </div>
      {files.length > 0 ? (
        <ul aria-label={t('composer.chosen')} className="flex flex-col gap-1" data-testid="chosen-files">
          {files.map((file, index) => (
            <li
              key={`${file.name}-${index}`}
              className="flex items-center justify-between gap-2 rounded-lg bg-slate-100 px-3 py-1 text-sm dark:bg-slate-800"
            >
              <span className="min-w-0 break-all">{t('composer.file', { name: file.name, size: fileSize(file.size) })}</span>
              <button
                type="button"
                onClick={() => {
                  choice.remove(index);
                  // The removed file's button is gone: the focus goes back to the picker rather than to the page.
                  input.current?.focus();
                }}
                aria-label={t('composer.remove', { name: file.name })}
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none dark:text-slate-200 dark:hover:bg-slate-700"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {errors.length > 0 ? (
        // The alert is a region around the list: a role on the list itself would hide that it is a list.
        <div id={ids.errors} role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="file-errors">
          <ul className="flex flex-col gap-1">
            {errors.map((error, index) => (
              <li key={index}>{error}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {choice.announcement}
      </p>
    </div>
  );
}

/**
 * Why a message (a reply or a new conversation's first) was not sent: too fast, a file the server
 * refused (named with the same words the checks here use), or `fallback`.
 */
export function sendFailureText(t: TFunction, failure: unknown, fallback: string): string {
  if (failure instanceof ApiError && failure.code === 'RATE_LIMITED') return t('composer.tooFast');
  const refusal = failure instanceof ApiError ? fieldErrorText(t, failure.fields?.files) : undefined;
  if (refusal) return refusal;
  return errorText(t, failure, fallback);
}
