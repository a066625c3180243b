import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  decideLeaveSchema,
  LEAVE_LIST_FILTERS,
  SCHEDULE_LIMITS,
  type DecideLeave,
  type LeaveDecision,
  type LeaveRequest,
} from '../../../../contracts/leave';
import { TextareaInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/field';
import { PageSection } from '../../../components/ui/page-section';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { useDoctorName, usePersonName } from '../../../lib/person-name';
import { errorText } from '../../../lib/error-text';
import { leaveListQuery, useDecideLeave } from '../api/leave';
import { STATUS_TONES } from '../components/leave-requests';
import { FilterButtons, useFilterAndPage } from '../../../components/ui/filter-buttons';
import { PagedList } from '../../../components/ui/paged-list';

type Filter = (typeof LEAVE_LIST_FILTERS)[number];

/** The administrator's leave approvals: pending requests first; approve, or reject with a reason. */
export function LeaveApprovalsPage() {
  const { t } = useTranslation('leave');
  const { filter, page, chooseFilter, setPage } = useFilterAndPage<Filter>('pending');
  const [deciding, setDeciding] = useState<{ leave: LeaveRequest; decision: LeaveDecision } | null>(null);
  const query = useQuery({ ...leaveListQuery({ status: filter, page }), placeholderData: (previous) => previous });
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">{t('approvals.title')}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t('approvals.intro')}</p>
      </header>
      <PageSection title={t('approvals.listTitle')} testId="leave-approvals">
        <FilterButtons
          values={LEAVE_LIST_FILTERS}
          value={filter}
          label={t('approvals.filter')}
          textOf={(value) => t(`approvals.filters.${value}`)}
          onChange={chooseFilter}
        />
        <PagedList
          query={query}
          page={page}
          onPage={setPage}
          errorText={t('list.loadFailed')}
          emptyText={t(`approvals.none.${filter}`)}
          pagesLabel={t('approvals.pages')}
        >
          {(leave) => <ApprovalItem key={leave.id} leave={leave} onDecide={(decision) => setDeciding({ leave, decision })} />}
        </PagedList>
      </PageSection>
      {deciding ? <DecisionDialog {...deciding} onClose={() => setDeciding(null)} /> : null}
    </div>
  );
}

function ApprovalItem({ leave, onDecide }: { leave: LeaveRequest; onDecide: (decision: LeaveDecision) => void }) {
  const { t } = useTranslation('leave');
  const format = useClinicalFormat();
  const doctorName = useDoctorName();
  const nameOf = usePersonName();
  const doctor = doctorName(leave.doctor);
  const period = t('list.period', { from: format.calendarDate(leave.startDate), to: format.calendarDate(leave.endDate) });
  return (
    <li
      data-testid="leave-approval"
      data-status={leave.status}
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="min-w-0">
        <p className="font-semibold">
          {doctor} · {leave.specialty}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_TONES[leave.status]}`}>{t(`statuses.${leave.status}`)}</span>
          <span>
            {t(`types.${leave.type}`)} · {period}
          </span>
          {leave.decidedBy ? <span>{t('approvals.decidedBy', { name: nameOf(leave.decidedBy) })}</span> : null}
          {leave.status === 'approved' ? (
            <span>{t('list.coverage', { open: leave.coverage.open, covered: leave.coverage.covered })}</span>
          ) : null}
        </p>
        {leave.reason ? <p className="mt-1 text-sm break-words text-slate-600 dark:text-slate-400">{leave.reason}</p> : null}
        {leave.decisionReason ? <p className="mt-1 text-sm">{t('list.decisionReason', { reason: leave.decisionReason })}</p> : null}
      </div>
      {leave.status === 'pending' ? (
        <div className="flex gap-2">
          <Button onClick={() => onDecide('approved')} aria-label={t('approvals.approveFor', { doctor, period })}>
            {t('approvals.approve')}
          </Button>
          <Button variant="secondary" onClick={() => onDecide('rejected')} aria-label={t('approvals.rejectFor', { doctor, period })}>
            {t('approvals.reject')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function DecisionDialog({ leave, decision, onClose }: { leave: LeaveRequest; decision: LeaveDecision; onClose: () => void }) {
  const { t } = useTranslation('leave');
  const decide = useDecideLeave();
  const doctorName = useDoctorName();
  const [failure, setFailure] = useState<unknown>(null);
  const first = useRef<HTMLTextAreaElement | null>(null);
  const form = useSchemaForm({ schema: decideLeaveSchema, defaultValues: { decision, reason: '' } });
  const onSubmit = async (values: DecideLeave) => {
    setFailure(null);
    await decide.mutateAsync({ id: leave.id, body: values });
    toast.success(t(decision === 'approved' ? 'approvals.approved' : 'approvals.rejected'));
    onClose();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      initialFocusRef={first}
      title={t(decision === 'approved' ? 'approvals.approveTitle' : 'approvals.rejectTitle', { doctor: doctorName(leave.doctor) })}
      testId="leave-decision"
    >
      <Form form={form} onSubmit={onSubmit} onFailure={(error) => setFailure(error)} className="flex flex-col gap-4">
        <TextareaInput
          name="reason"
          rows={3}
          maxLength={SCHEDULE_LIMITS.decisionReasonMax}
          label={t(decision === 'approved' ? 'approvals.noteOptional' : 'approvals.reasonRequired')}
        />
        {failure ? <FormAlert testId="decision-error">{errorText(t, failure, t('approvals.failed'))}</FormAlert> : null}
        <div className="flex gap-2">
          <SubmitButton pending={t('approvals.saving')} testId="confirm-decision">
            {t(decision === 'approved' ? 'approvals.approve' : 'approvals.reject')}
          </SubmitButton>
          <FormButton onClick={onClose}>{t('approvals.cancel')}</FormButton>
        </div>
      </Form>
    </Dialog>
  );
}
