import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextareaInput } from '../../../components/form/fields';
import { Form, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';

// "Break the glass": a doctor may open the chart of a patient outside their care in an emergency,
// giving the reason. The server records it on the reading, and the patient sees it on their access
// log; the reason is kept in the page only, never stored in the browser.

const reasonSchema = z.object({ reason: z.string().trim().min(10, 'breakGlass.length').max(500, 'breakGlass.length') });

export function BreakGlass({ onOpen }: { onOpen: (reason: string) => void }) {
  const { t } = useTranslation('patients');
  const form = useSchemaForm({ schema: reasonSchema, defaultValues: { reason: '' } });
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-8" data-testid="chart-not-in-care">
      <h1 className="flex items-center gap-2 text-2xl font-semibold">
        <ShieldAlert className="size-6" aria-hidden="true" />
        {t('chart.notInCare.title')}
      </h1>
      <p>{t('chart.notInCare.body')}</p>
      <Form
        form={form}
        onSubmit={(values) => onOpen(values.reason)}
        aria-label={t('chart.notInCare.formLabel')}
        className="flex flex-col gap-3"
      >
        <TextareaInput name="reason" label={t('chart.notInCare.reason')} description={t('chart.notInCare.reasonHint')} rows={3} />
        <div>
          <SubmitButton variant="secondary">{t('chart.notInCare.open')}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
