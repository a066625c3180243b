import { useQuery } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { clinicInputSchema, type Clinic, type ClinicInput } from '../../../../contracts/organisation';
import { Button } from '../../../components/ui/button';
import { DelayedLoading } from '../../../components/ui/delayed-loading';
import { FormAlert } from '../../../components/ui/field';
import { TextInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { clinicsQuery, useDeleteClinic, useSaveClinic } from '../api/organisation';

type ClinicFormValues = { name: string; latitude: string; longitude: string; address: string };
type Parsed = z.output<typeof clinicInputSchema>;
// The inputs hold text; the contract reads the coordinates as numbers.
const clinicFormSchema = clinicInputSchema as unknown as z.ZodType<Parsed, ClinicFormValues>;

/** Add or edit one clinic; `clinic` null adds. A kit form: the rules, the server's refusals, and a backup per clinic. */
function ClinicForm({ clinic, onDone }: { clinic: Clinic | null; onDone(): void }) {
  const { t } = useTranslation(['organisation', 'validation']);
  const save = useSaveClinic();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: clinicFormSchema,
    defaultValues: {
      name: clinic?.name ?? '',
      latitude: clinic ? String(clinic.latitude) : '',
      longitude: clinic ? String(clinic.longitude) : '',
      address: clinic?.address ?? '',
    },
    backup: { id: `clinic-${clinic?.id ?? 'new'}` },
  });

  const onSubmit = async (body: Parsed) => {
    setFailure(null);
    await save.mutateAsync({ id: clinic?.id ?? null, body: body as ClinicInput });
    toast.success(t(clinic ? 'clinics.updated' : 'clinics.added', { name: body.name }));
    onDone();
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      onFailure={(_error, placed) => {
        if (placed.length === 0) setFailure(t('clinics.saveFailed'));
      }}
      aria-label={clinic ? t('clinics.editLabel', { name: clinic.name }) : t('clinics.addLabel')}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput name="name" label={t('clinics.name')} />
        <TextInput name="address" label={t('clinics.address')} />
        <TextInput name="latitude" label={t('clinics.latitude')} inputMode="decimal" description={t('clinics.latitudeHint')} />
        <TextInput name="longitude" label={t('clinics.longitude')} inputMode="decimal" description={t('clinics.longitudeHint')} />
      </div>
      <div className="flex gap-2">
        <SubmitButton>{t('clinics.save')}</SubmitButton>
        <FormButton variant="ghost" onClick={onDone}>
          {t('clinics.cancel')}
        </FormButton>
      </div>
    </Form>
  );
}

/** The clinics shown on the landing page's map: list, add, edit, remove. */
export function ClinicsEditor() {
  const { t, i18n } = useTranslation('organisation');
  const query = useQuery(clinicsQuery);
  const remove = useDeleteClinic();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const coordinate = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 });

  const onDelete = async (clinic: Clinic) => {
    if (!window.confirm(t('clinics.confirmDelete', { name: clinic.name }))) return;
    try {
      await remove.mutateAsync(clinic.id);
      toast.success(t('clinics.deleted', { name: clinic.name }));
    } catch {
      toast.error(t('clinics.deleteFailed'));
    }
  };

  return (
    <section aria-labelledby="clinics-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="clinics-title" className="text-lg font-semibold">
          {t('clinics.title')}
        </h2>
        {editing === null ? <Button onClick={() => setEditing('new')}>{t('clinics.add')}</Button> : null}
      </div>
      {editing === 'new' ? <ClinicForm clinic={null} onDone={() => setEditing(null)} /> : null}
      {query.isPending ? (
        <DelayedLoading />
      ) : query.isError ? (
        <FormAlert>
          {t('clinics.loadFailed')}{' '}
          <button type="button" className="font-medium underline" onClick={() => void query.refetch()}>
            {t('retry')}
          </button>
        </FormAlert>
      ) : query.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm dark:border-slate-700">
          {t('clinics.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="clinics-list">
          {query.data.map((clinic) =>
            editing === clinic.id ? (
              <li key={clinic.id}>
                <ClinicForm clinic={clinic} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li
                key={clinic.id}
                className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
              >
                <div className="flex items-start gap-3">
                  <MapPin className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
                  <div>
                    <p className="font-medium">{clinic.name}</p>
                    {clinic.address ? <p className="text-sm text-slate-700 dark:text-slate-300">{clinic.address}</p> : null}
                    <p className="text-xs text-slate-600 dark:text-slate-400">
                      {t('clinics.coordinates', {
                        latitude: coordinate.format(clinic.latitude),
                        longitude: coordinate.format(clinic.longitude),
                      })}
                    </p>
                  </div>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    aria-label={t('clinics.editLabel', { name: clinic.name })}
                    onClick={() => setEditing(clinic.id)}
                  >
                    {t('clinics.edit')}
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={t('clinics.deleteLabel', { name: clinic.name })}
                    onClick={() => void onDelete(clinic)}
                  >
                    {t('clinics.delete')}
                  </Button>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
