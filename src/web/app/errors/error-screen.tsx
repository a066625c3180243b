import { AlertTriangle, ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../components/ui/button';
import { classifyError, isChunkLoadError, type BoundaryErrorType, type BoundaryLevel } from '../../lib/error-classification';
import { usePublicConfig } from '../../lib/use-public-config';

interface Props {
  error: unknown;
  errorId: string;
  level: BoundaryLevel;
  portalName?: string;
  retryCount: number;
  maxRetries: number;
  retryInMs: number | null;
  onRetry(): void;
}

/** Titles by type, and for unknown errors by level (a portal "is temporarily unavailable"). */
export function titleKey(type: BoundaryErrorType, level: BoundaryLevel, chunk: boolean): string {
  if (chunk) return 'boundary.title.pageLoad';
  if (type === 'network') return 'boundary.title.network';
  if (type === 'auth') return 'boundary.title.auth';
  if (type === 'render') return 'boundary.title.render';
  return level === 'portal' ? 'boundary.title.portal' : 'boundary.title.unknown';
}

function reportMailto(supportEmail: string, subject: string, body: string): string {
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/**
 * The two error screens: the page-error screen (route level: Reload Page, Go Home) and
 * the full-page screen (app and portal level: Try Again, Restore Session, Go Home, Report Issue).
 */
export function ErrorScreen({ error, errorId, level, portalName, retryCount, maxRetries, retryInMs, onRetry }: Props) {
  const { t } = useTranslation('errors', { useSuspense: false });
  const config = usePublicConfig();
  const heading = useRef<HTMLHeadingElement>(null);
  const type = classifyError(error);
  const chunk = isChunkLoadError(error);
  const message = error instanceof Error ? error.message : String(error);
  const title = t(titleKey(type, level, chunk));

  // Move focus to the heading so keyboard and screen-reader users learn what happened.
  useEffect(() => heading.current?.focus(), [errorId]);

  const supportEmail = config.data?.supportEmail;
  const details = [
    `${t('boundary.errorId')}: ${errorId}`,
    `${t('boundary.type')}: ${type}`,
    `${t('boundary.message')}: ${message}`,
    `${t('boundary.page')}: ${window.location.pathname}`,
    `${t('boundary.time')}: ${new Date().toISOString()}`,
  ].join('\n');
  const secondsToRetry = retryInMs ? Math.max(1, Math.ceil(retryInMs / 1000)) : null;
  const fullPage = level !== 'route';

  return (
    <section
      role="alert"
      aria-labelledby="error-title"
      className={`mx-auto flex max-w-xl flex-col items-center gap-4 px-4 text-center ${fullPage ? 'min-h-screen justify-center py-16' : 'py-12'}`}
    >
      <AlertTriangle className="size-12 text-amber-600 dark:text-amber-400" aria-hidden="true" />
      <h1 id="error-title" ref={heading} tabIndex={-1} className="text-2xl font-semibold">
        {title}
      </h1>
      {portalName ? (
        <p className="text-slate-700 dark:text-slate-300">{t('boundary.portalError', { portal: portalName, message })}</p>
      ) : null}
      <p className="text-slate-700 dark:text-slate-300">{chunk ? t('boundary.pageLoadHelp') : t(`boundary.help.${type}`)}</p>
      {secondsToRetry ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {t('boundary.retrying', { seconds: secondsToRetry, attempt: retryCount + 1, max: maxRetries })}
        </p>
      ) : null}
      <p className="flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900 dark:bg-brand-900/40 dark:text-brand-100">
        <ShieldCheck className="size-4 shrink-0" aria-hidden="true" />
        {t('boundary.dataSecure')}
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {t('boundary.errorId')}: <code data-testid="error-id">{errorId}</code>
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {fullPage ? (
          <>
            <Button onClick={onRetry}>{t('boundary.tryAgain')}</Button>
            <a className={buttonClasses('secondary')} href="/login">
              {t('boundary.restoreSession')}
            </a>
            <a className={buttonClasses('secondary')} href="/">
              {t('boundary.goHome')}
            </a>
            {supportEmail ? (
              <a className={buttonClasses('ghost')} href={reportMailto(supportEmail, t('boundary.reportSubject', { errorId }), details)}>
                {t('boundary.reportIssue')}
              </a>
            ) : null}
          </>
        ) : (
          <>
            <Button onClick={() => window.location.reload()}>{t('boundary.reloadPage')}</Button>
            <a className={buttonClasses('secondary')} href="/">
              {t('boundary.goHome')}
            </a>
          </>
        )}
      </div>
    </section>
  );
}
