/** A "contains" pattern for ILIKE: LIKE wildcards in what a person typed are literal characters. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
