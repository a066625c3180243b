import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

// Sizes in the reader's language and units (Intl's byte units: "1.2 MB", "1,2 Mo", "1,2 MB").

export function useFileSize(): (bytes: number) => string {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => {
    const kb = new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
    const mb = new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
    const byte = new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'long' });
    return (bytes: number) =>
      bytes < 1024 ? byte.format(bytes) : bytes < 1024 * 1024 ? kb.format(bytes / 1024) : mb.format(bytes / (1024 * 1024));
  }, [locale]);
}
