import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { createLeaveSchema, LEAVE_TYPES, SCHEDULE_LIMITS, type CreateLeave, type LeaveRequest } from '../../../../contracts/leave';
import { DateInput, SelectInput, TextareaInput } from '../../../components/form/fields';
import { Form, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/field';
import { QueryStates } from '../../../components/ui/query-states';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { errorText } from '../../../lib/error-text';
import { leaveListQuery, useRequestLeave, useWithdrawLeave } from '../api/leave';

export const STATUS_TONES = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  approved: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  rejected: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  withdrawn: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
} as const;

const EMPTY: CreateLeave = { type: 'vacation', startDate: '', endDate: '', reason: '' };

/** The doctor asks for leave: type, first and last day, an optional reason. */
export function RequestLeaveForm() {
  const { t } = useTranslation('leave');
  const request = useRequestLeave();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useSchemaForm({ schema: createLeaveSchema, defaultValues: EMPTY });
  const onSubmit = async (values: CreateLeave) => {
    setFailure(null);
    await request.mutateAsync(values);
    form.reset(EMPTY);
    toast.success(t('request.sent'));
  };
  return (
    <Form form={form} onSubmit={onSubmit} onFailure={(error) => setFailure(error)} className="grid gap-4 sm:grid-cols-3 sm:items-end">
      <SelectInput name="type" label={t('request.type')}>
        {LEAVE_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`types.${type}`)}
          </option>
        ))}
      </SelectInput>
      <DateInput name="startDate" label={t('request.from')} />
      <DateInput name="endDate" label={t('request.to')} />
      <div className="sm:col-span-3">
        <TextareaInput name="reason" label={t('request.reason')} rows={2} maxLength={SCHEDULE_LIMITS.reasonMax} />
      </div>
      {failure ? (
        <div className="sm:col-span-3">
          <FormAlert testId="leave-error">{errorText(t, failure, t('request.failed'))}</FormAlert>
        </div>
      ) : null}
      <div>
        <SubmitButton pending={t('request.sending')} testId="request-leave">
          {t('request.send')}
        </SubmitButton>
      </div>
    </Form>
  );
}

/** The doctor's own requests: status, the decision and its reason, coverage so far; a pending one can be withdrawn. */
export function MyLeaveList() {
  const { t } = useTranslation('leave');
  const query = useQuery(leaveListQuery({ status: 'all', pageSize: 50 }));
  return (
    <QueryStates query={query} errorText={t('list.loadFailed')} emptyText={t('list.none')} isEmpty={(answer) => answer.data.length === 0}>
      {(answer) => (
        <ul className="flex flex-col gap-3">
          {answer.data.map((leave) => (
            <LeaveItem key={leave.id} leave={leave} />
          ))}
        </ul>
      )}
    </QueryStates>
  );
}

function LeaveItem({ leave }: { leave: LeaveRequest }) {
  const { t } = useTranslation('leave');
  const format = useClinicalFormat();
  const withdraw = useWithdrawLeave();
  const period = t('list.period', { from: format.calendarDate(leave.startDate), to: format.calendarDate(leave.endDate) });
  const onWithdraw = async () => {
    try {
      await withdraw.mutateAsync(leave.id);
      toast.success(t('list.withdrawn'));
    } catch (error) {
      toast.error(errorText(t, error, t('list.withdrawFailed')));
    }
  };
  return (
    <li
      data-testid="leave-request"
      data-status={leave.status}
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="min-w-0">
        <p className="font-semibold">
          {t(`types.${leave.type}`)} · {period}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_TONES[leave.status]}`} data-testid="leave-status">
            {t(`statuses.${leave.status}`)}
          </span>
          {leave.decisionReason ? <span>{t('list.decisionReason', { reason: leave.decisionReason })}</span> : null}
          {leave.status === 'approved' ? (
            <span>{t('list.coverage', { open: leave.coverage.open, covered: leave.coverage.covered })}</span>
          ) : null}
        </p>
        {leave.reason ? <p className="mt-1 text-sm break-words text-slate-600 dark:text-slate-400">{leave.reason}</p> : null}
      </div>
      {leave.status === 'pending' ? (
        <Button
          variant="secondary"
          onClick={() => void onWithdraw()}
          disabled={withdraw.isPending}
          aria-label={t('list.withdrawFor', { period })}
        >
          {t('list.withdraw')}
        </Button>
      ) : null}
    </li>
  );
}
