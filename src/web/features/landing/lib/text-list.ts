/**
 * The entries of a numbered group in the texts ({"1": "…", "2": "…"}), in order. Lists are written
 * as numbered objects because every locale value must be a string (src/web/locales/locales.test.ts).
 */
export function textList<T = string>(value: unknown): T[] {
  return value !== null && typeof value === 'object' ? (Object.values(value) as T[]) : [];
}
