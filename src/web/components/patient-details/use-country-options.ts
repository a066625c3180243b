import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_COUNTRIES } from '../../../contracts/addresses';

/** The countries an address may be in, named in the reader's language and sorted for it. */
export function useCountryOptions() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(locale);
    return ADDRESS_COUNTRIES.map((value) => ({ value, label: names.of(value) ?? value })).sort((a, b) =>
      collator.compare(a.label, b.label),
    );
  }, [locale]);
}
