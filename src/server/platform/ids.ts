const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id is as missing as an unknown one: callers answer 404 for both. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
