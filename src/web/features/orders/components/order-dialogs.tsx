import { useEffect, useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import type { CatalogueTest } from '../../../../contracts/order-catalogue';
import {
  ORDER_CODES_BY_KIND,
  ORDER_KINDS,
  ORDER_PRIORITIES,
  ORDER_TEXT_MAX,
  REPORT_FLAGS,
  panelOf,
  type Order,
} from '../../../../contracts/orders';
import { DateInput, SelectInput, TextareaInput, TextInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/field';
import { useClinicalCatalogue } from '../../../lib/clinical/catalogue';
import { quantity, useClinicalFormat } from '../../../lib/clinical/format';
import { errorText } from '../../../lib/error-text';
import { usePersonName } from '../../../lib/person-name';
import { useCancelOrder, useEnterResults, usePlaceOrder, useRelease } from '../api/orders';
import { orderName } from '../lib/words';
import { PatientSelect } from '../../../components/clinical/patient-select';

// The order's dialogs: a new order from the catalogue, results (a value per test with its range, an
// imaging study's findings and impression, or a referral's reply), review and release, and cancelling with a reason. Each sends the version the order was
// shown at, so a colleague's change in between is refused and nothing is lost.

const newOrderSchema = z
  .object({
    patientId: z.string().min(1, 'required'),
    kind: z.enum(ORDER_KINDS, 'choice.invalid'),
    code: z.string().min(1, 'required'),
    priority: z.enum(ORDER_PRIORITIES, 'choice.invalid'),
    reason: z.string().trim().min(1, 'required').max(ORDER_TEXT_MAX.reason, 'text.tooLong'),
    target: z.string().trim().max(ORDER_TEXT_MAX.target, 'text.tooLong'),
    notes: z.string().trim().max(ORDER_TEXT_MAX.notes, 'text.tooLong'),
  })
  .superRefine((value, ctx) => {
    if (!(ORDER_CODES_BY_KIND[value.kind] as readonly string[]).includes(value.code))
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'choice.invalid' });
  });
type NewOrderValues = z.input<typeof newOrderSchema>;

/** A new order: the patient (preset when opened from a chart), what to order from the catalogue, why. */
export function NewOrderDialog({ patientId, onClose }: { patientId?: string; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const nameOf = usePersonName();
  const catalogue = useClinicalCatalogue();
  const [failure, setFailure] = useState<unknown>(null);
  const mutation = usePlaceOrder();
  const form = useSchemaForm({
    schema: newOrderSchema,
    defaultValues: { patientId: patientId ?? '', kind: 'lab', code: 'cbc', priority: 'routine', reason: '', target: '', notes: '' },
  });

  const onSubmit = async (values: z.output<typeof newOrderSchema>) => {
    setFailure(null);
    const order = await mutation.mutateAsync({
      patientId: values.patientId,
      kind: values.kind,
      code: values.code as never,
      priority: values.priority,
      reason: values.reason,
      ...(values.kind === 'referral' && values.target ? { target: values.target } : {}),
      ...(values.notes ? { notes: values.notes } : {}),
    });
    toast.success(t('form.saved', { order: orderName(order, t, catalogue), patient: nameOf(order.patient) }));
    onClose();
  };

  return (
    <Dialog open onClose={onClose} title={t('form.title')} size="lg" testId="new-order-dialog">
      <Form form={form} onSubmit={onSubmit} onFailure={(error) => setFailure(error)} className="flex flex-col gap-4">
        <NewOrderFields />
        {failure ? <FormAlert testId="new-order-error">{errorText(t, failure, t('form.failed'))}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <FormButton onClick={onClose}>{t('close')}</FormButton>
          <SubmitButton pending={t('saving')} testId="new-order-submit">
            {t('form.submit')}
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

function NewOrderFields() {
  const { t } = useTranslation('orders');
  const catalogue = useClinicalCatalogue();
  const format = useClinicalFormat();
  const { setValue } = useFormContext<NewOrderValues>();
  const [kind, code] = useWatch<NewOrderValues, ['kind', 'code']>({ name: ['kind', 'code'] });

  // Another kind offers other codes: start from its first.
  useEffect(() => {
    if (!(ORDER_CODES_BY_KIND[kind] as readonly string[]).includes(code)) setValue('code', ORDER_CODES_BY_KIND[kind][0]!);
  }, [kind, code, setValue]);

  const choices = useMemo(
    () =>
      ORDER_CODES_BY_KIND[kind]
        .map((value) => ({
          value,
          label: orderName({ kind, code: value, standardCode: panelOf(value)?.loinc ?? value, name: value }, t, catalogue),
        }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [kind, t, catalogue],
  );
  const panel = kind === 'lab' ? panelOf(code) : undefined;

  return (
    <>
      <PatientSelect label={t('form.patient')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectInput name="kind" label={t('form.kind')}>
          {ORDER_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`kinds.${value}`)}
            </option>
          ))}
        </SelectInput>
        <SelectInput name="code" label={t(`form.${kind}`)}>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectInput>
        <SelectInput name="priority" label={t('form.priority')}>
          {ORDER_PRIORITIES.map((value) => (
            <option key={value} value={value}>
              {t(`priorities.${value}`)}
            </option>
          ))}
        </SelectInput>
      </div>
      {panel ? (
        <div className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800" data-testid="panel-tests">
          <p className="font-medium">{t('form.tests')}</p>
          <ul className="mt-1 grid gap-x-4 gap-y-0.5 sm:grid-cols-2">
            {panel.tests.map((test) => (
              <li key={test.loinc} className="flex justify-between gap-2">
                <span>{catalogue.lab(test.loinc, test.name)}</span>
                <span className="text-slate-600 tabular-nums dark:text-slate-400">
                  <bdi>{rangeText(test, t, format.number, catalogue.unit(test.unit))}</bdi>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <TextareaInput name="reason" rows={2} label={t('form.reason')} description={t('form.reasonHint')} />
      {kind === 'referral' ? <TextInput name="target" label={t('form.target')} /> : null}
      <TextareaInput name="notes" rows={2} label={t('form.notes')} />
    </>
  );
}

/** A test's reference range with its unit, in the reader's numbers. */
function rangeText(
  test: Pick<CatalogueTest, 'low' | 'high'>,
  t: ReturnType<typeof useTranslation>['t'],
  number: (value: number) => string,
  unit: string,
): string {
  const low = test.low === null ? null : number(test.low);
  const high = test.high === null ? null : number(test.high);
  const range =
    low !== null && high !== null
      ? t('health:labs.rangeBetween', { low, high })
      : low !== null
        ? t('health:labs.rangeAtLeast', { low })
        : high !== null
          ? t('health:labs.rangeAtMost', { high })
          : t('health:labs.rangeNone');
  return quantity(range, unit);
}

const numberText = z
  .string()
  .trim()
  .refine((value) => value !== '' && Number.isFinite(Number(value.replace(',', '.'))), 'result.invalid');

const reportFields = {
  findings: z.string().trim().max(ORDER_TEXT_MAX.findings, 'text.tooLong'),
  consultant: z.string().trim().max(ORDER_TEXT_MAX.consultant, 'text.tooLong'),
  repliedOn: z.string(),
  reportFlag: z.enum(REPORT_FLAGS, 'choice.invalid'),
  report: z.string().trim().max(ORDER_TEXT_MAX.report, 'text.tooLong'),
};

function resultsSchema(tests: readonly CatalogueTest[]) {
  return z.object({ components: z.array(z.object({ value: numberText })), ...reportFields }).superRefine((value, ctx) => {
    value.components.forEach((component, index) => {
      const test = tests[index];
      const number = Number(component.value.replace(',', '.'));
      if (test && Number.isFinite(number) && (number < test.min || number > test.max))
        ctx.addIssue({ code: 'custom', path: ['components', index, 'value'], message: 'result.outOfRange' });
    });
  });
}

/** An imaging report needs its findings and impression; a referral's reply who, when and its summary. */
function reportSchema(kind: Order['kind']) {
  return z.object({ components: z.array(z.object({ value: z.string() })), ...reportFields }).superRefine((value, ctx) => {
    const required = kind === 'imaging' ? (['findings', 'report'] as const) : (['consultant', 'repliedOn', 'report'] as const);
    for (const field of required)
      if (value[field].trim() === '')
        ctx.addIssue({ code: 'custom', path: [field], message: field === 'repliedOn' ? 'date.invalid' : 'text.required' });
  });
}

type ResultsValues = {
  components: { value: string }[];
  findings: string;
  consultant: string;
  repliedOn: string;
  reportFlag: (typeof REPORT_FLAGS)[number];
  report: string;
};

/** Results: for a lab panel each test's value with its unit and range shown; otherwise the report or the reply. */
export function ResultsDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const nameOf = usePersonName();
  const catalogue = useClinicalCatalogue();
  const format = useClinicalFormat();
  const [failure, setFailure] = useState<unknown>(null);
  const mutation = useEnterResults();
  const tests = (order.kind === 'lab' && order.code ? panelOf(order.code)?.tests : undefined) ?? [];
  const form = useSchemaForm({
    schema: order.kind === 'lab' ? resultsSchema(tests) : reportSchema(order.kind),
    defaultValues: {
      components: tests.map(() => ({ value: '' })),
      findings: '',
      consultant: '',
      repliedOn: '',
      reportFlag: 'normal',
      report: '',
    } as ResultsValues,
  });
  const name = orderName(order, t, catalogue);

  const onSubmit = async (values: ResultsValues) => {
    setFailure(null);
    const base = { id: order.id, version: order.version };
    await mutation.mutateAsync(
      order.kind === 'lab'
        ? {
            ...base,
            components: tests.map((test, index) => ({
              loinc: test.loinc,
              value: Number(values.components[index]!.value.replace(',', '.')),
            })),
          }
        : order.kind === 'imaging'
          ? { ...base, findings: values.findings, report: values.report, reportFlag: values.reportFlag }
          : {
              ...base,
              consultant: values.consultant,
              repliedOn: values.repliedOn,
              report: values.report,
              reportFlag: values.reportFlag,
            },
    );
    toast.success(t('results.saved'));
    onClose();
  };

  return (
    <Dialog open onClose={onClose} title={t('results.title', { order: name })} size="lg" testId="results-dialog">
      <Form form={form} onSubmit={onSubmit} onFailure={(error) => setFailure(error)} className="flex flex-col gap-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t(order.kind === 'lab' ? 'results.intro' : 'results.reportIntro', { patient: nameOf(order.patient) })}
        </p>
        {order.kind === 'lab' ? (
          <div className="grid gap-3 sm:grid-cols-2">
            {tests.map((test, index) => (
              <TextInput
                key={test.loinc}
                name={`components.${index}.value`}
                inputMode="decimal"
                autoComplete="off"
                label={`${catalogue.lab(test.loinc, test.name)} (${catalogue.unit(test.unit)})`}
                description={t('results.range', { range: rangeText(test, t, format.number, catalogue.unit(test.unit)) })}
              />
            ))}
          </div>
        ) : (
          <>
            {order.kind === 'imaging' ? (
              <>
                <TextareaInput name="findings" rows={4} label={t('results.findings')} description={t('results.findingsHint')} />
                <TextareaInput name="report" rows={3} label={t('results.impression')} description={t('results.impressionHint')} />
              </>
            ) : (
              <>
                <TextInput name="consultant" autoComplete="off" label={t('results.consultant')} />
                <DateInput name="repliedOn" label={t('results.repliedOn')} />
                <TextareaInput name="report" rows={4} label={t('results.summary')} />
              </>
            )}
            <SelectInput name="reportFlag" label={t('results.reportFlag')} description={t('results.reportFlagHint')}>
              {REPORT_FLAGS.map((flag) => (
                <option key={flag} value={flag}>
                  {t(`reportFlags.${flag}`)}
                </option>
              ))}
            </SelectInput>
          </>
        )}
        {failure ? <FormAlert testId="results-error">{errorText(t, failure, t('results.failed'))}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <FormButton onClick={onClose}>{t('close')}</FormButton>
          <SubmitButton pending={t('saving')} testId="results-submit">
            {t('results.submit')}
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

const emptySchema = z.object({});

/** Review and release: one click to confirm, saying who will see what. */
export function ReleaseDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const nameOf = usePersonName();
  const catalogue = useClinicalCatalogue();
  const [failure, setFailure] = useState<unknown>(null);
  const mutation = useRelease();
  const form = useSchemaForm({ schema: emptySchema, defaultValues: {} });
  const names = { order: orderName(order, t, catalogue), patient: nameOf(order.patient) };

  const onSubmit = async () => {
    setFailure(null);
    await mutation.mutateAsync({ id: order.id, version: order.version });
    toast.success(t('release.saved', names));
    onClose();
  };

  return (
    <Dialog open onClose={onClose} title={t('release.title')} testId="release-dialog">
      <Form form={form} onSubmit={onSubmit} onFailure={(error) => setFailure(error)} className="flex flex-col gap-4">
        <p className="text-sm">{t('release.body', names)}</p>
        {failure ? <FormAlert testId="release-error">{errorText(t, failure, t('release.failed'))}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <FormButton onClick={onClose}>{t('close')}</FormButton>
          <SubmitButton pending={t('saving')} testId="release-submit">
            {t('release.submit')}
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

const cancelSchema = z.object({ reason: z.string().trim().min(1, 'required').max(ORDER_TEXT_MAX.cancelReason, 'text.tooLong') });

export function CancelOrderDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const catalogue = useClinicalCatalogue();
  const [failure, setFailure] = useState<unknown>(null);
  const mutation = useCancelOrder();
  const form = useSchemaForm({ schema: cancelSchema, defaultValues: { reason: '' } });

  const onSubmit = async ({ reason }: { reason: string }) => {
    setFailure(null);
    await mutation.mutateAsync({ id: order.id, version: order.version, reason });
    toast.success(t('cancel.saved'));
    onClose();
  };

  return (
    <Dialog open onClose={onClose} title={t('cancel.title', { order: orderName(order, t, catalogue) })} testId="cancel-order-dialog">
      <Form form={form} onSubmit={onSubmit} onFailure={(error) => setFailure(error)} className="flex flex-col gap-4">
        <TextareaInput name="reason" rows={3} label={t('cancel.reason')} description={t('cancel.reasonHint')} />
        {failure ? <FormAlert testId="cancel-order-error">{errorText(t, failure, t('cancel.failed'))}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <FormButton onClick={onClose}>{t('cancel.keep')}</FormButton>
          <SubmitButton pending={t('saving')} testId="cancel-order-submit">
            {t('cancel.submit')}
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
