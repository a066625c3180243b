import { useQuery } from '@tanstack/react-query';
import { ShieldCheck, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DemoAccount } from '../../../../contracts/demo';
import { demoAccountsQuery } from '../api/auth-api';

/**
 * Demo mode: one account per role plus the MFA account, whose current code is
 * shown. Selecting an account fills in the sign-in form.
 */
export function DemoAccounts({ onSelect, selectedEmail }: { onSelect(account: DemoAccount): void; selectedEmail: string | null }) {
  const { t } = useTranslation(['auth', 'shell']);
  const accounts = useQuery(demoAccountsQuery);
  if (!accounts.data?.length) return null;

  return (
    <section
      aria-labelledby="demo-accounts-title"
      className="rounded-xl border border-dashed border-brand-600/50 bg-brand-50/60 p-4 dark:border-brand-500/40 dark:bg-brand-900/20"
      data-testid="demo-accounts"
    >
      <h2 id="demo-accounts-title" className="text-sm font-semibold text-brand-900 dark:text-brand-100">
        {t('demo.title')}
      </h2>
      <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">{t('demo.description')}</p>
      <ul className="mt-3 flex flex-col gap-2">
        {accounts.data.map((account) => {
          const role = t(`shell:roles.${account.role}`);
          // Two accounts share a role (two doctors, two patients): the name tells them apart, and the
          // badge says what the special one is for.
          const badge =
            account.kind === 'mfa-patient'
              ? t('demo.mfaBadge')
              : account.kind === 'first-sign-in-doctor'
                ? t('demo.firstSignInBadge')
                : account.kind === 'waiting-room-display'
                  ? t('demo.displayBadge')
                  : null;
          const selected = selectedEmail === account.email;
          return (
            <li key={account.email}>
              <button
                type="button"
                onClick={() => onSelect(account)}
                aria-pressed={selected}
                className={`flex w-full items-center gap-3 rounded-lg border px-3 py-2 text-start text-sm transition-colors ${
                  selected
                    ? 'border-brand-700 bg-white dark:border-brand-500 dark:bg-slate-900'
                    : 'border-slate-200 bg-white hover:border-brand-600 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-brand-500'
                }`}
                data-testid={`demo-account-${account.email}`}
              >
                {account.mfa ? (
                  <ShieldCheck className="size-5 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden="true" />
                ) : (
                  <UserRound className="size-5 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden="true" />
                )}
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="font-medium text-slate-900 dark:text-slate-100">
                    {role} · {account.name}
                    {badge ? <span className="font-normal text-slate-600 dark:text-slate-400"> · {badge}</span> : null}
                  </span>
                  <span className="truncate text-slate-600 dark:text-slate-400">{account.email}</span>
                </span>
                {account.mfa && account.mfaCode ? <DemoCode code={account.mfaCode} /> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function DemoCode({ code }: { code: string }) {
  const { t } = useTranslation('auth');
  return (
    <span className="shrink-0 rounded-md bg-slate-100 px-2 py-1 text-end text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-200">
      <span className="block">{t('demo.currentCode')}</span>
      <span className="font-mono text-sm font-semibold tracking-widest" data-testid="demo-mfa-code">
        {code}
      </span>
    </span>
  );
}
