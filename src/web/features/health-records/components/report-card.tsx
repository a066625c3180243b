import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultReport } from '../../../../contracts/orders';
import { FileDownloads } from '../../../components/clinical/file-downloads';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { useDoctorName } from '../../../lib/person-name';
import { reportDocumentUrl } from '../api/reports';

const FLAG_TONES: Record<NonNullable<ResultReport['reportFlag']>, string> = {
  normal: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  abnormal: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  urgent: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
};

/** One released imaging report or referral reply: what was found, the conclusion, and its documents. */
export function ReportCard({ report }: { report: ResultReport }) {
  const { t } = useTranslation('health');
  const format = useClinicalFormat();
  const doctorName = useDoctorName();
  const headingId = useId();
  const title =
    report.code === null
      ? report.name
      : report.kind === 'imaging'
        ? t(`orders:imaging.${report.code}`)
        : t('orders:referralTo', { specialty: t(`doctors:specialties.${report.code}`) });
  const when = format.date(report.releasedAt ?? report.resultedAt ?? report.orderedAt);

  return (
    <section
      aria-labelledby={headingId}
      data-testid="result-report"
      data-report-id={report.id}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold break-words">
          {title}
        </h3>
        {report.reportFlag ? (
          <span className={`rounded px-2 py-0.5 text-xs font-medium ${FLAG_TONES[report.reportFlag]}`} data-testid="report-flag">
            {t(`reports.flags.${report.reportFlag}`)}
          </span>
        ) : null}
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t(`reports.kinds.${report.kind}`)} ·{' '}
        {report.orderer ? t('reports.meta', { date: when, doctor: doctorName(report.orderer) }) : t('reports.metaNoDoctor', { date: when })}
      </p>
      <dl className="mt-3 flex flex-col gap-2 text-sm">
        {report.consultant && report.repliedOn ? (
          <div>
            <dt className="text-slate-600 dark:text-slate-400">{t('reports.replyFrom')}</dt>
            <dd className="break-words">
              {t('reports.replyOn', { consultant: report.consultant, date: format.calendarDate(report.repliedOn) })}
            </dd>
          </div>
        ) : null}
        {report.findings ? (
          <div>
            <dt className="text-slate-600 dark:text-slate-400">{t('reports.findings')}</dt>
            <dd className="break-words whitespace-pre-line">{report.findings}</dd>
          </div>
        ) : null}
        {report.report ? (
          <div>
            <dt className="text-slate-600 dark:text-slate-400">
              {t(report.kind === 'imaging' ? 'reports.impression' : 'reports.summary')}
            </dt>
            <dd className="break-words whitespace-pre-line">{report.report}</dd>
          </div>
        ) : null}
        {report.attachments.length > 0 ? (
          <div>
            <dt className="text-slate-600 dark:text-slate-400">{t('reports.documents')}</dt>
            <dd>
              <FileDownloads files={report.attachments} hrefOf={reportDocumentUrl} testId="report-document" />
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
