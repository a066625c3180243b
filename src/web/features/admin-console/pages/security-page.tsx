import { useQuery } from '@tanstack/react-query';
import { Lock, ShieldAlert, ShieldCheck, ShieldX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  FAILED_SIGN_IN_ALERT_THRESHOLD,
  RECENT_DAYS,
  SECURITY_ALERT_WINDOW_HOURS,
  type LockedAccount,
  type SecurityAlert,
  type SecurityOverview,
} from '../../../../contracts/admin-console';
import { ADMIN_CONSOLE_PATHS } from '../../../../contracts/admin-console-paths';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/field';
import { PageSection } from '../../../components/ui/page-section';
import { EmptyState, InlineLoading, QueryError } from '../../../components/ui/query-states';
import { errorText } from '../../../lib/error-text';
import { usePersonName } from '../../../lib/person-name';
import { securityQuery, useUnlock } from '../api/admin-console';

const TABLE = 'w-full text-sm';
const TH = 'px-3 py-2 text-start font-semibold';
const TD = 'px-3 py-2 align-top';
const WRAP = 'overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800';

const SEVERITY_TONES: Record<SecurityAlert['severity'], string> = {
  high: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
  medium: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
};

function useFormats() {
  const { i18n } = useTranslation();
  return {
    time: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    number: new Intl.NumberFormat(i18n.language),
    percent: new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }),
  };
}

function Alerts({ overview }: { overview: SecurityOverview }) {
  const { t } = useTranslation('admin-console');
  const nameOf = usePersonName();
  const { time, number } = useFormats();
  if (overview.alerts.length === 0) return <EmptyState>{t('security.noAlerts', { hours: overview.windowHours })}</EmptyState>;
  return (
    <ul className="flex flex-col gap-2" data-testid="security-alerts">
      {overview.alerts.map((alert) => (
        <li
          key={`${alert.kind}-${alert.account?.id ?? alert.address ?? 'chain'}`}
          className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900"
          data-kind={alert.kind}
          data-testid="security-alert"
        >
          <span className="flex items-start gap-3">
            <ShieldAlert className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-300" aria-hidden="true" />
            <span className="flex flex-col">
              <span className="font-medium">
                {alert.kind === 'account-failures'
                  ? t('security.alert.account', {
                      name: nameOf(alert.account!),
                      email: alert.account!.email,
                      failures: number.format(alert.failures),
                    })
                  : alert.kind === 'address-failures'
                    ? t('security.alert.address', { address: alert.address, failures: number.format(alert.failures) })
                    : t('security.alert.chain')}
              </span>
              <span className="text-xs text-slate-700 dark:text-slate-300">
                {t('security.alert.last', { time: time.format(new Date(alert.lastAt)), hours: overview.windowHours })}
              </span>
            </span>
          </span>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${SEVERITY_TONES[alert.severity]}`}>
            {t(`security.severity.${alert.severity}`)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function LockedAccounts({ locks }: { locks: LockedAccount[] }) {
  const { t } = useTranslation('admin-console');
  const nameOf = usePersonName();
  const { time, number } = useFormats();
  const unlock = useUnlock();
  const [unlocked, setUnlocked] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-2">
      {unlock.isError ? <FormAlert>{errorText(t, unlock.error, t('security.unlockFailed'))}</FormAlert> : null}
      {/* Outside the table: once the account is unlocked the list reloads without it, and this stays. */}
      <p role="status" className="text-sm text-emerald-800 empty:hidden dark:text-emerald-300">
        {unlocked ? t('security.unlocked', { name: unlocked }) : null}
      </p>
      {locks.length === 0 ? (
        <EmptyState>{t('security.noLocks')}</EmptyState>
      ) : (
        <div className={WRAP}>
          <table className={TABLE} data-testid="locked-accounts">
            <caption className="sr-only">{t('security.locked')}</caption>
            <thead className="bg-slate-50 dark:bg-slate-900">
              <tr>
                <th scope="col" className={TH}>
                  {t('security.columns.account')}
                </th>
                <th scope="col" className={TH}>
                  {t('security.columns.from')}
                </th>
                <th scope="col" className={TH}>
                  {t('security.columns.failures')}
                </th>
                <th scope="col" className={TH}>
                  {t('security.columns.until')}
                </th>
                <th scope="col" className={TH}>
                  <span className="sr-only">{t('security.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {locks.map((lock) => (
                <tr key={`${lock.account.id}-${lock.address ?? 'all'}`} className="border-t border-slate-200 dark:border-slate-800">
                  <td className={TD}>
                    <span className="font-medium">{nameOf(lock.account)}</span>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">{lock.account.email}</span>
                  </td>
                  <td className={TD}>{lock.address ?? t('security.everywhere')}</td>
                  <td className={`${TD} tabular-nums`}>{number.format(lock.failures)}</td>
                  <td className={TD}>
                    <time dateTime={lock.blockedUntil}>{time.format(new Date(lock.blockedUntil))}</time>
                  </td>
                  <td className={TD}>
                    <Button
                      variant="secondary"
                      className="min-h-9 px-3 py-1"
                      disabled={unlock.isPending}
                      onClick={() =>
                        unlock.mutate(lock.account.id, {
                          onSuccess: () => setUnlocked(nameOf(lock.account)),
                        })
                      }
                      aria-label={t('security.unlockNamed', { name: nameOf(lock.account) })}
                    >
                      <Lock className="size-4" aria-hidden="true" />
                      {t('security.unlock')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function MfaAdoption({ rows }: { rows: SecurityOverview['mfaByRole'] }) {
  const { t } = useTranslation(['admin-console', 'shell']);
  const { number, percent } = useFormats();
  return (
    <div className={WRAP}>
      <table className={TABLE} data-testid="mfa-adoption">
        <caption className="sr-only">{t('security.mfa')}</caption>
        <thead className="bg-slate-50 dark:bg-slate-900">
          <tr>
            <th scope="col" className={TH}>
              {t('security.columns.role')}
            </th>
            <th scope="col" className={TH}>
              {t('security.columns.users')}
            </th>
            <th scope="col" className={TH}>
              {t('security.columns.withMfa')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.role} className="border-t border-slate-200 dark:border-slate-800">
              <th scope="row" className={`${TD} text-start font-medium`}>
                {t(`shell:roles.${row.role}`)}
              </th>
              <td className={`${TD} tabular-nums`}>{number.format(row.users)}</td>
              <td className={`${TD} tabular-nums`}>
                {row.users === 0
                  ? number.format(0)
                  : t('security.mfaShare', { withMfa: number.format(row.withMfa), share: percent.format(row.withMfa / row.users) })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function NewAdmins({ rows }: { rows: SecurityOverview['newAdmins'] }) {
  const { t } = useTranslation('admin-console');
  const nameOf = usePersonName();
  const { time } = useFormats();
  if (rows.length === 0) return <EmptyState>{t('security.noNewAdmins')}</EmptyState>;
  return (
    <ul className="flex flex-col gap-1 text-sm" data-testid="new-admins">
      {rows.map((row) => (
        <li key={row.id}>
          <span className="font-medium">{nameOf(row)}</span> ({row.email}) ·{' '}
          <time dateTime={row.since}>{time.format(new Date(row.since))}</time>
        </li>
      ))}
    </ul>
  );
}

function PermissionChanges({ rows }: { rows: SecurityOverview['permissionChanges'] }) {
  const { t } = useTranslation(['admin-console', 'shell']);
  const nameOf = usePersonName();
  const { time } = useFormats();
  if (rows.length === 0) return <EmptyState>{t('security.noChanges')}</EmptyState>;
  const what = (row: SecurityOverview['permissionChanges'][number]) => {
    const target = row.target ? nameOf(row.target) : t('security.unknownUser');
    if (row.action === 'permission.grant') return t('security.change.grant', { permission: row.permission ?? '', target });
    if (row.action === 'permission.revoke') return t('security.change.revoke', { permission: row.permission ?? '', target });
    if (row.action === 'permission.position_assign')
      return t('security.change.position', {
        position: row.position ? t(`shell:positions.${row.position}`, { defaultValue: row.position }) : '',
        target,
      });
    return t('security.change.role', {
      target,
      from: row.fromRole ? t(`shell:roles.${row.fromRole}`, { defaultValue: row.fromRole }) : '',
      to: row.toRole ? t(`shell:roles.${row.toRole}`, { defaultValue: row.toRole }) : '',
    });
  };
  return (
    <div className={WRAP}>
      <table className={TABLE} data-testid="permission-changes">
        <caption className="sr-only">{t('security.changes', { days: RECENT_DAYS })}</caption>
        <thead className="bg-slate-50 dark:bg-slate-900">
          <tr>
            <th scope="col" className={TH}>
              {t('security.columns.time')}
            </th>
            <th scope="col" className={TH}>
              {t('security.columns.by')}
            </th>
            <th scope="col" className={TH}>
              {t('security.columns.change')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-slate-200 dark:border-slate-800">
              <td className={`${TD} whitespace-nowrap`}>
                <time dateTime={row.occurredAt}>{time.format(new Date(row.occurredAt))}</time>
              </td>
              <td className={TD}>{row.actor ? nameOf(row.actor) : t('security.system')}</td>
              <td className={TD}>{what(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AuditChain({ chain }: { chain: SecurityOverview['auditChain'] }) {
  const { t } = useTranslation('admin-console');
  const { time, number } = useFormats();
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm dark:border-slate-800 dark:bg-slate-900"
      data-testid="audit-chain"
    >
      <p className="flex items-center gap-2">
        {chain === null ? (
          t('security.chainNever')
        ) : chain.intact ? (
          <>
            <ShieldCheck className="size-5 text-emerald-700 dark:text-emerald-400" aria-hidden="true" />
            {t('security.chainIntact', { time: time.format(new Date(chain.checkedAt)), checked: number.format(chain.checked) })}
          </>
        ) : (
          <>
            <ShieldX className="size-5 text-red-700 dark:text-red-300" aria-hidden="true" />
            {t('security.chainBroken', { time: time.format(new Date(chain.checkedAt)) })}
          </>
        )}
      </p>
      <Link to="/admin/audit" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100">
        {t('security.checkNow')}
      </Link>
    </div>
  );
}

/** The security picture: alerts, locked accounts (with unlock), second-factor adoption, new administrators, permission changes and the audit chain. */
export function SecurityPage() {
  const { t } = useTranslation('admin-console');
  const query = useQuery(securityQuery());
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('security.title')}</h1>
          <p className="mt-1 max-w-2xl text-slate-700 dark:text-slate-300">
            {t('security.description', { hours: SECURITY_ALERT_WINDOW_HOURS, threshold: FAILED_SIGN_IN_ALERT_THRESHOLD })}
          </p>
        </div>
        <Link to={ADMIN_CONSOLE_PATHS.sessions} className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100">
          {t('tools.sessions')}
        </Link>
      </header>
      {query.isError ? (
        <QueryError message={errorText(t, query.error, t('security.loadFailed'))} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <InlineLoading />
      ) : (
        <>
          <PageSection title={t('security.alerts')} testId="section-alerts">
            <Alerts overview={query.data} />
          </PageSection>
          <PageSection title={t('security.locked')} testId="section-locked">
            <LockedAccounts locks={query.data.lockedAccounts} />
          </PageSection>
          <PageSection title={t('security.chain')} testId="section-chain">
            <AuditChain chain={query.data.auditChain} />
          </PageSection>
          <PageSection title={t('security.mfa')} testId="section-mfa">
            <MfaAdoption rows={query.data.mfaByRole} />
          </PageSection>
          <PageSection title={t('security.newAdmins', { days: RECENT_DAYS })} testId="section-new-admins">
            <NewAdmins rows={query.data.newAdmins} />
          </PageSection>
          <PageSection title={t('security.changes', { days: RECENT_DAYS })} testId="section-changes">
            <PermissionChanges rows={query.data.permissionChanges} />
          </PageSection>
        </>
      )}
    </div>
  );
}
