import { DEFAULT_LANGUAGE, type Language } from '../../../contracts/languages';

// The sentence a report file adds when the row cap cut it, in the requester's language, as the rest
// of the file's words are (report-words.ts): that the file holds only the first rows.

const CUT: Record<Language, (shown: string, total: string) => string> = {
  en: (shown, total) => `Showing the first ${shown} of ${total} rows.`,
  es: (shown, total) => `Se muestran las primeras ${shown} de ${total} filas.`,
  fr: (shown, total) => `Seules les ${shown} premières lignes sur ${total} sont affichées.`,
  de: (shown, total) => `Es werden die ersten ${shown} von ${total} Zeilen gezeigt.`,
  ar: (shown, total) => `يُعرض أول ${shown} صف من أصل ${total}.`,
  zh: (shown, total) => `仅显示共 ${total} 行中的前 ${shown} 行。`,
};

/** "Showing the first 5,000 of 7,342 rows." in `language`, with its own digits and separators. */
export function cutNote(language: Language | undefined, shown: number, total: number): string {
  const lang = language ?? DEFAULT_LANGUAGE;
  const number = new Intl.NumberFormat(lang);
  return CUT[lang](number.format(shown), number.format(total));
}
