/** A language named in itself ("Español", "中文"), so a reader finds theirs whatever the page's language. */
export function nativeLanguageName(language: string): string {
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}
