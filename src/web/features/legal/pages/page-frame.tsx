import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../../lib/use-public-config';

/** Title, introduction and a closing line with the organisation's contact address. */
export function PageFrame({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const { t } = useTranslation('legal');
  const config = usePublicConfig();
  const email = config.data?.supportEmail;

  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${config.data?.organisationName ?? 'Caredeck'}`;
    return () => {
      document.title = previous;
    };
  }, [title, config.data?.organisationName]);

  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">{intro}</p>
      <div className="mt-8 space-y-8">{children}</div>
      {email ? (
        <p className="mt-10 border-t border-slate-200 pt-6 text-slate-700 dark:border-slate-800 dark:text-slate-300">
          {t('contact', { organisation: config.data?.organisationName })}{' '}
          <a className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100" href={`mailto:${email}`}>
            <span dir="ltr">{email}</span>
          </a>
        </p>
      ) : null}
    </article>
  );
}

/**
 * The entries of a numbered group in the texts ({"1": {…}, "2": {…}}), in order; empty when missing.
 * Lists are numbered objects because every locale value must be a string (locales.test.ts).
 */
export function listOf<T>(value: unknown): T[] {
  return value !== null && typeof value === 'object' ? (Object.values(value) as T[]) : [];
}
