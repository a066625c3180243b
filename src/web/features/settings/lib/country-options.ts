import { COUNTRY_CODES, type CountryCode } from '../../../../contracts/countries';

/** Every ISO 3166-1 country/region with its name in `locale` (Intl.DisplayNames), sorted for that language. */
export function countryOptions(locale: string): { code: CountryCode; name: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  } catch {
    names = null;
  }
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
}
