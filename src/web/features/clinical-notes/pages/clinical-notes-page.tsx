import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { pathForView } from '../../../../contracts/views';
import { Form, SubmitButton } from '../../../components/form/form';
import { SelectInput } from '../../../components/form/fields';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { FormAlert } from '../../../components/ui/field';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../lib/session/use-session';
import { createNote, notesLists, noteVisitsQuery, templateListQuery } from '../api/notes';
import { NoteList } from '../components/note-list';
import { ViewHeader } from '../components/view-header';
import { PatientSelect } from '../../../components/clinical/patient-select';

/** The doctor's clinical notes: start one (for a patient, optionally a visit and a template), and the list. */
export function ClinicalNotesPage() {
  const { t } = useTranslation('notes');
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <ViewHeader title={t('clinical.title')} intro={t('clinical.intro')} />
      <NewNoteForm />
      <section aria-labelledby="notes-list-heading" className="flex flex-col gap-3">
        <h2 id="notes-list-heading" className="text-xl font-semibold">
          {t('clinical.listTitle')}
        </h2>
        <NoteList kind="all" emptyTitle={t('clinical.empty')} emptyBody={t('clinical.emptyBody')} />
      </section>
    </div>
  );
}

// The choices as the form holds them: "none" is the empty string, sent as nothing.
const choice = z.union([z.literal(''), z.uuid('choice.invalid')]);
const newNoteSchema = z.object({ patientId: z.uuid('choice.invalid'), appointmentId: choice, templateId: choice });

function NewNoteForm() {
  const { t } = useTranslation('notes');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useSchemaForm({ schema: newNoteSchema, defaultValues: { patientId: '', appointmentId: '', templateId: '' } });
  const templates = useQuery(templateListQuery());

  return (
    <section aria-labelledby="new-note-heading" className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="new-note-heading" className="text-xl font-semibold">
        {t('create.title')}
      </h2>
      <Form
        form={form}
        className="mt-3 grid gap-4 md:grid-cols-3"
        onSubmit={async (values) => {
          setFailure(null);
          const note = await createNote({
            patientId: values.patientId,
            appointmentId: values.appointmentId || undefined,
            templateId: values.templateId || undefined,
          });
          await queryClient.invalidateQueries({ predicate: (q) => notesLists(q.queryKey) });
          void navigate(`${pathForView('clinical-notes')}/${note.id}`);
        }}
        onFailure={(error) => setFailure(error)}
      >
        <PatientSelect label={t('create.patient')} testId="new-note-patient" />
        <VisitChoice />
        <SelectInput name="templateId" label={t('create.template')} data-testid="new-note-template">
          <option value="">{templates.isError ? t('create.templatesFailed') : t('create.noTemplate')}</option>
          {templates.data?.map((template) => (
            <option key={template.id} value={template.id}>
              {template.name} ({template.specialty})
            </option>
          ))}
        </SelectInput>
        <div className="flex flex-col gap-2 md:col-span-3">
          {failure ? <FormAlert>{errorText(t, failure, t('create.failed'))}</FormAlert> : null}
          <div>
            <SubmitButton pending={t('create.starting')} testId="new-note-submit">
              {t('create.submit')}
            </SubmitButton>
          </div>
        </div>
      </Form>
    </section>
  );
}

/** The chosen patient's visits with this doctor that have begun; a note without one is free-standing. */
function VisitChoice() {
  const { t } = useTranslation('notes');
  const { user } = useSession();
  const format = useClinicalFormat();
  const patientId = useWatch({ name: 'patientId' }) as string;
  const { setValue } = useFormContext();
  // Another patient: the visit chosen for the previous one no longer applies.
  useEffect(() => setValue('appointmentId', ''), [patientId, setValue]);
  const visits = useQuery({ ...noteVisitsQuery(patientId), enabled: Boolean(patientId) });
  const mine = (visits.data ?? []).filter(
    (visit) => visit.doctorId === user?.id && visit.status !== 'cancelled' && visit.status !== 'no-show',
  );
  return (
    <SelectInput
      name="appointmentId"
      label={t('create.visit')}
      description={t('create.visitHint')}
      disabled={!patientId}
      data-testid="new-note-visit"
    >
      <option value="">{visits.isError ? t('create.visitsFailed') : t('create.noVisit')}</option>
      {mine.map((visit) => (
        <option key={visit.id} value={visit.id}>
          {format.dateTime(visit.startsAt)} · {visit.reason}
        </option>
      ))}
    </SelectInput>
  );
}
