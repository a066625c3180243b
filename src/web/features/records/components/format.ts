import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

// Percentages in the reader's language.

/** A whole percentage in the reader's language ("42 %", "42%", "%42"). */
export function usePercent(): (value: number) => string {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => {
    const format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    return (value: number) => format.format(value / 100);
  }, [locale]);
}
