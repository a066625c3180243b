import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { addendumInputSchema, saveNoteSchema, NOTE_SECTIONS, type ClinicalNote } from '../../../../contracts/clinical-notes';
import { pathForView } from '../../../../contracts/views';
import { Form, SubmitButton } from '../../../components/form/form';
import { TextareaInput } from '../../../components/form/fields';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/field';
import { InlineLoading, QueryError } from '../../../components/ui/query-states';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { errorText } from '../../../lib/error-text';
import { usePersonName } from '../../../lib/person-name';
import { addAddendum, noteQuery, notesLists, saveNote, signNote } from '../api/notes';
import { StatusBadge } from '../components/status-badge';
import { sectionsOf, useNoteAutosave, type SaveStatus, type Sections } from '../lib/use-note-autosave';

const sectionsSchema = saveNoteSchema.omit({ version: true });

/** One note: the draft editor (autosaved, then signed) or, once signed, the locked note with its addenda. */
export function NoteEditorPage() {
  const { t } = useTranslation('notes');
  const { id = '' } = useParams();
  const query = useQuery(noteQuery(id));
  const [generation, setGeneration] = useState(0);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <Link to={pathForView('clinical-notes')} className="text-sm font-medium text-brand-700 underline dark:text-brand-300">
        {t('editor.back')}
      </Link>
      {query.isPending ? (
        <InlineLoading />
      ) : query.isError ? (
        <QueryError message={errorText(t, query.error, t('editor.loadFailed'))} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <NoteHeading note={query.data} />
          {query.data.status === 'draft' ? (
            <DraftEditor
              key={`${query.data.id}:${generation}`}
              note={query.data}
              onReload={async () => {
                await query.refetch();
                setGeneration((n) => n + 1);
              }}
            />
          ) : (
            <SignedNote note={query.data} />
          )}
        </>
      )}
    </div>
  );
}

function NoteHeading({ note }: { note: ClinicalNote }) {
  const { t } = useTranslation('notes');
  const nameOf = usePersonName();
  const format = useClinicalFormat();
  return (
    <header className="flex flex-wrap items-start justify-between gap-3">
      <div>
        <h1 className="text-3xl font-semibold tracking-tight">{t('editor.title', { name: nameOf(note.patient) })}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          {note.visitAt ? t('list.visitOn', { date: format.dateTime(note.visitAt) }) : t('list.freeNote')}
        </p>
      </div>
      <StatusBadge status={note.status} />
    </header>
  );
}

function DraftEditor({ note, onReload }: { note: ClinicalNote; onReload: () => Promise<void> }) {
  const { t } = useTranslation('notes');
  const queryClient = useQueryClient();
  const key = useMemo(() => noteQuery(note.id).queryKey, [note.id]);
  const form = useSchemaForm({ schema: sectionsSchema, defaultValues: sectionsOf(note) });
  const save = useCallback((body: Parameters<typeof saveNote>[1]) => saveNote(note.id, body), [note.id]);
  const onSaved = useCallback((saved: ClinicalNote) => queryClient.setQueryData(key, saved), [queryClient, key]);
  const autosave = useNoteAutosave({ note, save, onSaved });
  const { changed, restore } = autosave;
  const [confirming, setConfirming] = useState(false);
  const [signFailure, setSignFailure] = useState<unknown>(null);
  const [signing, setSigning] = useState(false);

  useEffect(() => {
    const unsaved = restore();
    if (unsaved) form.reset(unsaved, { keepDefaultValues: true });
    return form.subscribe({
      formState: { values: true },
      callback: ({ values, name }) => {
        if (name) changed(values as Sections);
      },
    });
    // Once per note: the text restored and the subscription made when the editor opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const sign = async () => {
    setSigning(true);
    setSignFailure(null);
    try {
      // The text on screen is the text signed: whatever is not saved yet goes first.
      if (!(await autosave.flush())) throw new Error('The draft is not saved yet');
      const signed = await signNote(note.id, autosave.version());
      autosave.forget();
      queryClient.setQueryData(key, signed);
      await queryClient.invalidateQueries({ predicate: (q) => notesLists(q.queryKey) });
    } catch (failure) {
      setSignFailure(failure ?? new Error('not saved'));
      setConfirming(false);
    } finally {
      setSigning(false);
    }
  };

  return (
    <Form form={form} onSubmit={() => setConfirming(true)} className="flex flex-col gap-4" aria-describedby="save-status">
      <SaveIndicator status={autosave.status} error={autosave.error} onRetry={() => void autosave.flush()} onReload={onReload} />
      {NOTE_SECTIONS.map((section) => (
        <TextareaInput
          key={section}
          name={section}
          label={t(`sections.${section}`)}
          description={t(`sections.${section}Hint`)}
          rows={section === 'instructions' ? 4 : 6}
          data-testid={`note-${section}`}
        />
      ))}
      {signFailure ? <FormAlert>{errorText(t, signFailure, t('editor.signFailed'))}</FormAlert> : null}
      <div className="flex flex-wrap gap-3">
        <SubmitButton testId="sign-note">{t('editor.sign')}</SubmitButton>
      </div>
      <Dialog
        open={confirming}
        title={t('editor.confirmTitle')}
        description={note.appointmentId ? t('editor.confirmVisit') : t('editor.confirmFree')}
        onClose={signing ? undefined : () => setConfirming(false)}
        testId="sign-dialog"
      >
        <div className="mt-4 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={signing}>
            {t('editor.cancel')}
          </Button>
          <Button onClick={() => void sign()} disabled={signing} aria-busy={signing} data-testid="confirm-sign">
            {signing ? t('editor.signing') : t('editor.signNow')}
          </Button>
        </div>
      </Dialog>
    </Form>
  );
}

function SaveIndicator({
  status,
  error,
  onRetry,
  onReload,
}: {
  status: SaveStatus;
  error: unknown;
  onRetry: () => void;
  onReload: () => Promise<void>;
}) {
  const { t } = useTranslation('notes');
  return (
    <div
      id="save-status"
      role="status"
      aria-live="polite"
      className="flex min-h-10 flex-wrap items-center gap-3 text-sm"
      data-testid="save-status"
    >
      {status === 'saved' ? <span className="text-emerald-800 dark:text-emerald-300">{t('save.saved')}</span> : null}
      {status === 'pending' ? <span className="text-slate-700 dark:text-slate-300">{t('save.pending')}</span> : null}
      {status === 'saving' ? <span className="text-slate-700 dark:text-slate-300">{t('save.saving')}</span> : null}
      {status === 'failed' ? (
        <>
          <span className="font-medium text-red-800 dark:text-red-300">{t('save.failed')}</span>
          <span className="text-slate-700 dark:text-slate-300">{errorText(t, error, t('save.kept'))}</span>
          <Button variant="secondary" onClick={onRetry} data-testid="save-retry">
            {t('save.retry')}
          </Button>
        </>
      ) : null}
      {status === 'conflict' ? (
        <>
          <span className="font-medium text-red-800 dark:text-red-300">{errorText(t, error, t('save.conflict'))}</span>
          <Button variant="secondary" onClick={() => void onReload()} data-testid="save-reload">
            {t('save.reload')}
          </Button>
        </>
      ) : null}
    </div>
  );
}

function SignedNote({ note }: { note: ClinicalNote }) {
  const { t } = useTranslation('notes');
  const nameOf = usePersonName();
  const format = useClinicalFormat();
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="signed-by">
        {t('signed.by', { name: nameOf(note.signedBy ?? note.doctor), date: format.dateTime(note.signedAt ?? note.updatedAt) })}
      </p>
      <dl className="flex flex-col gap-4">
        {NOTE_SECTIONS.map((section) => (
          <div key={section} data-testid={`signed-${section}`}>
            <dt className="font-semibold">{t(`sections.${section}`)}</dt>
            <dd className="mt-1 whitespace-pre-wrap break-words text-slate-800 dark:text-slate-200">
              {note[section] || t('signed.emptySection')}
            </dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="addenda-heading" className="flex flex-col gap-3">
        <h2 id="addenda-heading" className="text-xl font-semibold">
          {t('addenda.title')}
        </h2>
        {note.addenda.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('addenda.empty')}</p>
        ) : (
          <ol className="flex flex-col gap-2" data-testid="addenda">
            {note.addenda.map((addendum) => (
              <li key={addendum.id} className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700">
                <p className="whitespace-pre-wrap break-words">{addendum.text}</p>
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  {t('addenda.by', { name: nameOf(addendum.author), date: format.dateTime(addendum.createdAt) })}
                </p>
              </li>
            ))}
          </ol>
        )}
        <AddendumForm note={note} />
      </section>
    </div>
  );
}

function AddendumForm({ note }: { note: ClinicalNote }) {
  const { t } = useTranslation('notes');
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useSchemaForm({ schema: addendumInputSchema, defaultValues: { text: '' }, backup: { id: `addendum:${note.id}` } });
  return (
    <Form
      form={form}
      className="flex flex-col gap-3"
      onSubmit={async (values) => {
        setFailure(null);
        const updated = await addAddendum(note.id, values.text);
        queryClient.setQueryData(noteQuery(note.id).queryKey, updated);
        form.reset({ text: '' });
      }}
      onFailure={(error) => setFailure(error)}
    >
      <TextareaInput name="text" label={t('addenda.new')} description={t('addenda.hint')} rows={3} data-testid="addendum-text" />
      {failure ? <FormAlert>{errorText(t, failure, t('addenda.failed'))}</FormAlert> : null}
      <div>
        <SubmitButton pending={t('addenda.adding')} testId="addendum-submit">
          {t('addenda.add')}
        </SubmitButton>
      </div>
    </Form>
  );
}
