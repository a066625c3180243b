import type { z } from 'zod';

// Which address fields a country has, which are required and what its postal codes look like: the
// registration wizard shows the fields of the chosen country and the server checks the same table,
// so neither asks a German patient for a state nor lets a US patient leave out the ZIP code.
// Countries outside the table are not offered; a new one is a row here (its labels already exist).

/** How a country names its first-level division; `none` when an address has no such line. */
export type RegionKind = 'state' | 'province' | 'emirate' | 'none';
/** How a country names its postal code; `none` when addresses carry none. */
export type PostalKind = 'zipCode' | 'postalCode' | 'none';

export interface AddressRule {
  region: RegionKind;
  postal: PostalKind;
  /** The postal code's shape (checked after trimming; letters in any case). */
  postalPattern?: RegExp;
}

export const ADDRESS_RULES = {
  US: { region: 'state', postal: 'zipCode', postalPattern: /^\d{5}(-\d{4})?$/ },
  CA: { region: 'province', postal: 'postalCode', postalPattern: /^[a-z]\d[a-z] ?\d[a-z]\d$/i },
  MX: { region: 'state', postal: 'postalCode', postalPattern: /^\d{5}$/ },
  GB: { region: 'none', postal: 'postalCode', postalPattern: /^[a-z]{1,2}\d[a-z\d]? ?\d[a-z]{2}$/i },
  DE: { region: 'none', postal: 'postalCode', postalPattern: /^\d{5}$/ },
  AT: { region: 'none', postal: 'postalCode', postalPattern: /^\d{4}$/ },
  CH: { region: 'none', postal: 'postalCode', postalPattern: /^\d{4}$/ },
  FR: { region: 'none', postal: 'postalCode', postalPattern: /^\d{5}$/ },
  ES: { region: 'none', postal: 'postalCode', postalPattern: /^\d{5}$/ },
  CN: { region: 'province', postal: 'postalCode', postalPattern: /^\d{6}$/ },
  AE: { region: 'emirate', postal: 'none' },
  SA: { region: 'none', postal: 'postalCode', postalPattern: /^\d{5}(-\d{4})?$/ },
} as const satisfies Record<string, AddressRule>;

export type AddressCountry = keyof typeof ADDRESS_RULES;
export const ADDRESS_COUNTRIES = Object.keys(ADDRESS_RULES) as AddressCountry[];
/** The country the wizard starts with: the one whose address shape the wizard always asked for. */
export const DEFAULT_ADDRESS_COUNTRY: AddressCountry = 'US';

export function isAddressCountry(value: unknown): value is AddressCountry {
  return typeof value === 'string' && Object.hasOwn(ADDRESS_RULES, value);
}

export function addressRuleOf(country: AddressCountry): AddressRule {
  return ADDRESS_RULES[country];
}

/** An address in parts, as the wizard asks for it: `state` is the region line, `zipCode` the postal code. */
export interface AddressParts {
  country: AddressCountry;
  street: string;
  city: string;
  state?: string;
  zipCode?: string;
}

export type AddressPartName = 'country' | 'street' | 'city' | 'state' | 'zipCode';

const COUNTRY_INVALID = { message: 'country.invalid' } as const;
const STREET_REQUIRED = { message: 'address.required' } as const;
const CITY_REQUIRED = { message: 'city.required' } as const;
// The messages, by the name each country gives the line.
const REGION_REQUIRED = {
  state: { message: 'state.required' },
  province: { message: 'province.required' },
  emirate: { message: 'emirate.required' },
} as const;
const POSTAL_MESSAGES = {
  zipCode: { required: { message: 'zipCode.required' }, invalid: { message: 'zipCode.invalid' } },
  postalCode: { required: { message: 'postalCode.required' }, invalid: { message: 'postalCode.invalid' } },
} as const;

/** What is wrong with the parts for their country: each part with its first message key, in the order shown. */
export function addressIssues(parts: {
  country?: unknown;
  street?: unknown;
  city?: unknown;
  state?: unknown;
  zipCode?: unknown;
}): [AddressPartName, string][] {
  const issues: [AddressPartName, string][] = [];
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  if (!isAddressCountry(parts.country)) return [['country', COUNTRY_INVALID.message]];
  const rule = addressRuleOf(parts.country);
  if (!text(parts.street)) issues.push(['street', STREET_REQUIRED.message]);
  if (!text(parts.city)) issues.push(['city', CITY_REQUIRED.message]);
  if (rule.region !== 'none' && !text(parts.state)) issues.push(['state', REGION_REQUIRED[rule.region].message]);
  if (rule.postal !== 'none') {
    const code = text(parts.zipCode);
    const messages = POSTAL_MESSAGES[rule.postal];
    if (!code) issues.push(['zipCode', messages.required.message]);
    else if (rule.postalPattern && !rule.postalPattern.test(code)) issues.push(['zipCode', messages.invalid.message]);
  }
  return issues;
}

/**
 * The one address line the payload carries, as it always has: "street, city, state zip". Lines
 * the country has no field for are left out, whatever was typed in them before the country
 * changed; a country other than the default is named by its code at the end.
 */
export function joinAddress(parts: AddressParts): string {
  const rule = addressRuleOf(parts.country);
  const region = rule.region === 'none' ? '' : (parts.state ?? '').trim();
  const postal = rule.postal === 'none' ? '' : (parts.zipCode ?? '').trim();
  return [
    parts.street.trim(),
    parts.city.trim(),
    [region, postal].filter(Boolean).join(' '),
    parts.country === DEFAULT_ADDRESS_COUNTRY ? '' : parts.country,
  ]
    .filter(Boolean)
    .join(', ');
}

/** Adds the country's address issues to a zod refinement, each at `prefix` + the part's name. */
export function reportAddressIssues(
  parts: Parameters<typeof addressIssues>[0],
  ctx: z.RefinementCtx,
  pathOf: (part: AddressPartName) => string,
): void {
  for (const [part, message] of addressIssues(parts)) ctx.addIssue({ code: 'custom', path: [pathOf(part)], message });
}
