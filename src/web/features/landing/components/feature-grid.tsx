import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export interface FeatureItem {
  key: string;
  icon: LucideIcon;
}

/** Cards of icon, title and text, read from `<prefix>.items.<key>` in the landing texts. */
export function FeatureGrid({ prefix, items, columns = 3 }: { prefix: string; items: readonly FeatureItem[]; columns?: 2 | 3 }) {
  const { t } = useTranslation('landing');
  return (
    <ul className={`grid gap-4 sm:grid-cols-2 ${columns === 3 ? 'lg:grid-cols-3' : ''}`}>
      {items.map(({ key, icon: Icon }) => (
        <li key={key} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <Icon className="size-7 text-brand-700 dark:text-brand-500" aria-hidden="true" />
          <h3 className="mt-3 font-semibold">{t(`${prefix}.items.${key}.title`)}</h3>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t(`${prefix}.items.${key}.text`)}</p>
        </li>
      ))}
    </ul>
  );
}
