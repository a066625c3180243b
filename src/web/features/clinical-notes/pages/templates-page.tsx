import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileStack } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SPECIALTIES } from '../../../../contracts/specialties';
import {
  templateFieldToken,
  templateInputSchema,
  TEMPLATE_FIELDS,
  NOTE_SECTIONS,
  type NoteTemplate,
  type TemplateInput,
} from '../../../../contracts/clinical-notes';
import { CheckboxInput, SelectInput, TextareaInput, TextInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/field';
import { PageEmptyState } from '../../../components/ui/page-query-states';
import { InlineLoading, QueryError } from '../../../components/ui/query-states';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { errorText } from '../../../lib/error-text';
import { usePersonName } from '../../../lib/person-name';
import { useSession } from '../../../lib/session/use-session';
import { createTemplate, ownSpecialtyQuery, templateListQuery, templatesList, updateTemplate } from '../api/notes';
import { ViewHeader } from '../components/view-header';

/** Note templates: the doctor's own and those shared with every doctor; create, edit and share one's own. */
export function TemplatesPage() {
  const { t } = useTranslation('notes');
  const filter = useSchemaForm({ schema: filterSchema, defaultValues: { specialty: '' } });
  const specialty = useWatch({ control: filter.control, name: 'specialty' });
  const query = useQuery(templateListQuery(specialty || undefined));
  const { user } = useSession();
  // Fetched with the list, so a new template starts in the doctor's own specialty.
  const own = useQuery({ ...ownSpecialtyQuery(user?.id ?? ''), enabled: Boolean(user) });
  const [editing, setEditing] = useState<NoteTemplate | 'new' | null>(null);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <ViewHeader
        title={t('templates.title')}
        intro={t('templates.intro')}
        actions={
          <Button onClick={() => setEditing('new')} data-testid="new-template">
            {t('templates.new')}
          </Button>
        }
      />
      <Form form={filter} onSubmit={() => undefined} className="max-w-sm" role="search" aria-label={t('templates.filterLabel')}>
        <SelectInput name="specialty" label={t('templates.filter')} data-testid="template-filter">
          <option value="">{t('templates.allSpecialties')}</option>
          <SpecialtyOptions />
        </SelectInput>
      </Form>
      {query.isPending ? (
        <InlineLoading />
      ) : query.isError ? (
        <QueryError message={errorText(t, query.error, t('templates.loadFailed'))} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <PageEmptyState icon={FileStack} title={t('templates.empty')} body={t('templates.emptyBody')} />
      ) : (
        <ul className="flex flex-col gap-2" data-testid="template-list">
          {query.data.map((template) => (
            <TemplateRow key={template.id} template={template} onEdit={() => setEditing(template)} />
          ))}
        </ul>
      )}
      {editing ? (
        <TemplateDialog template={editing === 'new' ? null : editing} ownSpecialty={own.data} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}

const filterSchema = z.object({ specialty: z.string() });

/** The specialties as options: the English name is the value (what records store), the label is translated. */
function SpecialtyOptions() {
  const { t } = useTranslation('notes');
  return SPECIALTIES.map((specialty) => (
    <option key={specialty.key} value={specialty.name}>
      {t(`doctors:specialties.${specialty.key}`, { defaultValue: specialty.name })}
    </option>
  ));
}

function TemplateRow({ template, onEdit }: { template: NoteTemplate; onEdit: () => void }) {
  const { t } = useTranslation('notes');
  const nameOf = usePersonName();
  const format = useClinicalFormat();
  return (
    <li
      data-testid="template-row"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 dark:border-slate-700 dark:bg-slate-900"
    >
      <span className="flex min-w-0 flex-col">
        <span className="font-medium">{template.name}</span>
        <span className="text-sm text-slate-700 dark:text-slate-300">
          {template.specialty}
          {' · '}
          {template.mine ? t('templates.mine') : t('templates.by', { name: nameOf(template.owner) })}
          {' · '}
          {t('list.updated', { date: format.date(template.updatedAt) })}
        </span>
      </span>
      <span className="flex items-center gap-3">
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${template.shared ? 'bg-brand-100 text-brand-900 dark:bg-brand-900/50 dark:text-brand-100' : 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200'}`}
        >
          {template.shared ? t('templates.shared') : t('templates.private')}
        </span>
        {template.mine ? (
          <Button variant="secondary" onClick={onEdit} aria-label={t('templates.editNamed', { name: template.name })}>
            {t('templates.edit')}
          </Button>
        ) : null}
      </span>
    </li>
  );
}

function TemplateDialog({
  template,
  ownSpecialty,
  onClose,
}: {
  template: NoteTemplate | null;
  ownSpecialty: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('notes');
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const defaults: TemplateInput = template
    ? {
        name: template.name,
        specialty: template.specialty,
        shared: template.shared,
        subjective: template.subjective,
        objective: template.objective,
        assessment: template.assessment,
        plan: template.plan,
        instructions: template.instructions,
      }
    : {
        name: '',
        specialty: SPECIALTIES.find((s) => s.name === ownSpecialty)?.name ?? SPECIALTIES[0]!.name,
        shared: false,
        subjective: '',
        objective: '',
        assessment: '',
        plan: '',
        instructions: '',
      };
  const form = useSchemaForm({
    schema: templateInputSchema,
    defaultValues: defaults,
    backup: { id: `note-template:${template?.id ?? 'new'}` },
  });
  const fields = TEMPLATE_FIELDS.map((field) => `${templateFieldToken(field)} ${t(`fields.${field}`)}`).join(', ');
  return (
    <Dialog open title={template ? t('templates.editTitle') : t('templates.newTitle')} onClose={onClose} size="xl" testId="template-dialog">
      <Form
        form={form}
        className="mt-2 flex flex-col gap-4"
        onSubmit={async (values) => {
          setFailure(null);
          if (template) await updateTemplate(template.id, values);
          else await createTemplate(values);
          await queryClient.invalidateQueries({ predicate: (q) => templatesList(q.queryKey) });
          onClose();
        }}
        onFailure={(error) => setFailure(error)}
      >
        <div className="grid gap-4 md:grid-cols-2">
          <TextInput name="name" label={t('templates.name')} data-testid="template-name" />
          <SelectInput name="specialty" label={t('templates.specialty')}>
            <SpecialtyOptions />
          </SelectInput>
        </div>
        <CheckboxInput
          name="shared"
          label={t('templates.shareLabel')}
          description={t('templates.shareHint')}
          data-testid="template-shared"
        />
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('templates.fieldsHint', { fields })}</p>
        {NOTE_SECTIONS.map((section) => (
          <TextareaInput key={section} name={section} label={t(`sections.${section}`)} rows={3} data-testid={`template-${section}`} />
        ))}
        {failure ? <FormAlert>{errorText(t, failure, t('templates.saveFailed'))}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <FormButton onClick={onClose}>{t('editor.cancel')}</FormButton>
          <SubmitButton pending={t('templates.saving')} testId="template-save">
            {t('templates.save')}
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
