import { useQuery } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '../../../../contracts/appointments';
import { Button } from '../../../components/ui/button';
import { EmptyState, InlineLoading, QueryError } from '../../../components/ui/query-states';
import { errorText } from '../../../lib/error-text';
import { usePersonName } from '../../../lib/person-name';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { pendingRequestsQuery } from '../api/staff-portal';
import { useDeskFormat } from '../lib/use-desk-format';
import { Card } from './card';
import { ApproveRequestDialog, DeclineRequestDialog } from './request-dialogs';

/** Requests waiting for approval, soonest first, each approved or declined here (with appointments.update). */
export function RequestsPanel({ clinicTimeZone }: { clinicTimeZone: string }) {
  const { t } = useTranslation(['staff-portal', 'health']);
  const nameOf = usePersonName();
  const format = useDeskFormat(clinicTimeZone);
  const { can } = usePermissions();
  const query = useQuery(pendingRequestsQuery());
  const [open, setOpen] = useState<{ request: Appointment; answer: 'approve' | 'decline' } | null>(null);
  const mayDecide = can(['appointments.update']);

  return (
    <Card title={t('requests.title')} id="requests" testId="pending-requests">
      {query.isPending ? (
        <InlineLoading />
      ) : query.isError ? (
        <QueryError message={errorText(t, query.error, t('requests.loadFailed'))} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState>{t('requests.empty')}</EmptyState>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
          {query.data.map((request) => {
            const name = nameOf(request.patient);
            return (
              <li key={request.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0" data-testid="request-item">
                <div className="flex min-w-0 flex-col gap-0.5">
                  <p className="font-medium break-words" data-testid="request-patient">
                    {name}
                  </p>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    {t('requests.line', {
                      when: format.dateTime(request.startsAt),
                      doctor: nameOf(request.doctor),
                      type: t(`health:appointments.type.${request.type}`),
                    })}
                  </p>
                  <p className="text-sm break-words text-slate-700 dark:text-slate-300">
                    {t('requests.reason', { reason: request.reason })}
                  </p>
                </div>
                {mayDecide ? (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      className="min-h-9 px-3 py-1"
                      aria-label={t('requests.approveFor', { name })}
                      onClick={() => setOpen({ request, answer: 'approve' })}
                      data-testid="request-approve"
                    >
                      <Check className="size-4" aria-hidden="true" />
                      {t('requests.approve')}
                    </Button>
                    <Button
                      variant="secondary"
                      className="min-h-9 px-3 py-1"
                      aria-label={t('requests.declineFor', { name })}
                      onClick={() => setOpen({ request, answer: 'decline' })}
                      data-testid="request-decline"
                    >
                      <X className="size-4" aria-hidden="true" />
                      {t('requests.decline')}
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {open?.answer === 'approve' ? (
        <ApproveRequestDialog
          request={open.request}
          clinicTimeZone={clinicTimeZone}
          canMove={can(['appointments.reschedule'])}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.answer === 'decline' ? <DeclineRequestDialog request={open.request} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}
