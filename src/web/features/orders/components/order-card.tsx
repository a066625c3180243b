import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { LabComponent } from '../../../../contracts/health-records';
import { FileDownloads } from '../../../components/clinical/file-downloads';
import { ATTACHABLE_STATUSES, COLLECTED_KINDS, type Order } from '../../../../contracts/orders';
import { LabFlagBadge } from '../../../components/clinical/lab-flag';
import { Button } from '../../../components/ui/button';
import { useClinicalCatalogue } from '../../../lib/clinical/catalogue';
import { quantity, useClinicalFormat } from '../../../lib/clinical/format';
import { errorText } from '../../../lib/error-text';
import { useDoctorName, usePersonName } from '../../../lib/person-name';
import { attachmentUrl, useCollect } from '../api/orders';
import { orderName } from '../lib/words';
import { AttachDialog } from './attach-dialog';
import { ImportDialog } from './import-dialog';
import { CancelOrderDialog, ReleaseDialog, ResultsDialog } from './order-dialogs';

const STATUS_TONES: Record<Order['status'], string> = {
  ordered: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  collected: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  resulted: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  reviewed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  cancelled: 'bg-slate-100 text-slate-700 line-through dark:bg-slate-800 dark:text-slate-300',
};

const REPORT_FLAG_TONES: Record<NonNullable<Order['reportFlag']>, string> = {
  normal: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  abnormal: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  urgent: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
};

type Opened = 'results' | 'import' | 'release' | 'cancel' | 'attach' | null;

/** One order: what, for whom, why, where it stands, its results, and the step it can take next. */
export function OrderCard({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const format = useClinicalFormat();
  const catalogue = useClinicalCatalogue();
  const headingId = useId();
  const collect = useCollect();
  const nameOf = usePersonName();
  const doctorName = useDoctorName();
  const [opened, setOpened] = useState<Opened>(null);
  const name = orderName(order, t, catalogue);
  const patient = nameOf(order.patient);
  const names = { order: name, patient };
  const abnormal = order.components.filter((component) => component.flag !== 'normal').length;

  const range = (component: LabComponent) => {
    const low = component.referenceLow === null ? null : format.number(component.referenceLow);
    const high = component.referenceHigh === null ? null : format.number(component.referenceHigh);
    if (low !== null && high !== null) return t('health:labs.rangeBetween', { low, high });
    if (low !== null) return t('health:labs.rangeAtLeast', { low });
    if (high !== null) return t('health:labs.rangeAtMost', { high });
    return t('health:labs.rangeNone');
  };

  const markCollected = async () => {
    try {
      await collect.mutateAsync({ id: order.id, version: order.version });
      toast.success(t('actions.collected'));
    } catch (error) {
      toast.error(errorText(t, error, t('actions.failed')));
    }
  };

  return (
    <li
      aria-labelledby={headingId}
      data-testid="order"
      data-status={order.status}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold break-words">
            {name}
          </h3>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {patient} · {t(`kinds.${order.kind}`)} · {t(`priorities.${order.priority}`)}
          </p>
        </div>
        <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_TONES[order.status]}`} data-testid="order-status">
          {t(`statuses.${order.status}`)}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">{t('list.ordered')}</dt>
        <dd>
          {order.orderer
            ? t('list.orderedOn', { date: format.date(order.orderedAt), doctor: doctorName(order.orderer) })
            : t('list.orderedOnNoDoctor', { date: format.date(order.orderedAt) })}
        </dd>
        {order.reason ? (
          <>
            <dt className="text-slate-600 dark:text-slate-400">{t('list.reason')}</dt>
            <dd className="break-words">{order.reason}</dd>
          </>
        ) : null}
        {order.target ? (
          <>
            <dt className="text-slate-600 dark:text-slate-400">{t('list.target')}</dt>
            <dd className="break-words">{order.target}</dd>
          </>
        ) : null}
        {order.notes ? (
          <>
            <dt className="text-slate-600 dark:text-slate-400">{t('list.notes')}</dt>
            <dd className="break-words">{order.notes}</dd>
          </>
        ) : null}
        {order.cancelReason ? (
          <>
            <dt className="text-slate-600 dark:text-slate-400">{t('list.cancelReason')}</dt>
            <dd className="break-words">{order.cancelReason}</dd>
          </>
        ) : null}
        {order.releasedAt ? (
          <>
            <dt className="text-slate-600 dark:text-slate-400">{t('list.released')}</dt>
            <dd>{format.date(order.releasedAt)}</dd>
          </>
        ) : null}
      </dl>
      {order.report ? (
        <div className="mt-2 flex flex-col gap-1 text-sm" data-testid="order-report">
          {order.reportFlag ? (
            <p>
              <span className={`rounded px-2 py-0.5 text-xs font-medium ${REPORT_FLAG_TONES[order.reportFlag]}`} data-testid="report-flag">
                {t(`reportFlags.${order.reportFlag}`)}
              </span>
            </p>
          ) : null}
          {order.consultant && order.repliedOn ? (
            <p className="text-slate-600 dark:text-slate-400">
              {t('list.replyFrom', { consultant: order.consultant, date: format.calendarDate(order.repliedOn) })}
            </p>
          ) : null}
          {order.findings ? (
            <>
              <p className="text-slate-600 dark:text-slate-400">{t('list.findings')}</p>
              <p className="break-words whitespace-pre-line">{order.findings}</p>
            </>
          ) : null}
          <p className="text-slate-600 dark:text-slate-400">{t(order.kind === 'referral' ? 'list.summary' : 'list.impression')}</p>
          <p className="break-words whitespace-pre-line">{order.report}</p>
        </div>
      ) : null}
      {order.attachments.length > 0 ? (
        <div className="mt-2 text-sm">
          <p className="text-slate-600 dark:text-slate-400">{t('list.attachments')}</p>
          <FileDownloads files={order.attachments} hrefOf={attachmentUrl} testId="order-attachment" />
        </div>
      ) : null}
      {order.components.length > 0 ? (
        <>
          {abnormal > 0 ? (
            <p className="mt-2 text-sm font-medium text-amber-900 dark:text-amber-100">{t('list.abnormal', { count: abnormal })}</p>
          ) : null}
          <ul className="mt-2 flex flex-col divide-y divide-slate-200 text-sm dark:divide-slate-800">
            {order.components.map((component) => (
              <li
                key={component.id}
                className="flex flex-wrap items-center justify-between gap-2 py-1.5"
                data-testid="order-component"
                data-flag={component.flag}
              >
                <span className="min-w-0 break-words">{catalogue.lab(component.loincCode, component.name)}</span>
                <span className="flex flex-wrap items-center gap-3">
                  <span className="font-semibold tabular-nums">
                    {quantity(format.number(component.value), catalogue.unit(component.unit))}
                  </span>
                  <span className="text-slate-600 tabular-nums dark:text-slate-400">
                    <bdi>{range(component)}</bdi>
                  </span>
                  <LabFlagBadge flag={component.flag} />
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {order.status === 'ordered' && COLLECTED_KINDS.includes(order.kind) ? (
          <Button
            variant="secondary"
            onClick={() => void markCollected()}
            disabled={collect.isPending}
            aria-label={t('actions.collectFor', names)}
          >
            {t('actions.collect')}
          </Button>
        ) : null}
        {order.status === 'ordered' || order.status === 'collected' ? (
          <>
            <Button onClick={() => setOpened('results')} aria-label={t('actions.resultsFor', names)}>
              {t('actions.results')}
            </Button>
            {order.kind === 'lab' ? (
              <Button variant="secondary" onClick={() => setOpened('import')} aria-label={t('actions.importFor', names)}>
                {t('actions.import')}
              </Button>
            ) : null}
            <Button variant="ghost" onClick={() => setOpened('cancel')} aria-label={t('actions.cancelFor', names)}>
              {t('actions.cancel')}
            </Button>
          </>
        ) : null}
        {order.status === 'resulted' ? (
          <Button onClick={() => setOpened('release')} aria-label={t('actions.releaseFor', names)}>
            {t('actions.release')}
          </Button>
        ) : null}
        {order.kind !== 'lab' && ATTACHABLE_STATUSES.includes(order.status) ? (
          <Button variant="secondary" onClick={() => setOpened('attach')} aria-label={t('actions.attachFor', names)}>
            {t('actions.attach')}
          </Button>
        ) : null}
      </div>
      {opened === 'results' ? <ResultsDialog order={order} onClose={() => setOpened(null)} /> : null}
      {opened === 'release' ? <ReleaseDialog order={order} onClose={() => setOpened(null)} /> : null}
      {opened === 'cancel' ? <CancelOrderDialog order={order} onClose={() => setOpened(null)} /> : null}
      {opened === 'attach' ? <AttachDialog order={order} onClose={() => setOpened(null)} /> : null}
      {opened === 'import' ? <ImportDialog order={order} onClose={() => setOpened(null)} /> : null}
    </li>
  );
}
