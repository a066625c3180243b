import { createRequire } from 'node:module';
import path from 'node:path';

// The fonts a report PDF writes with, read from npm packages (nothing is fetched at run time):
// Noto Sans for Latin, Greek and Cyrillic (accents included), Noto Naskh Arabic for Arabic (shaped
// and laid right to left by pdfkit's fontkit), and Noto Sans Hans for Chinese. pdfkit embeds only
// the glyphs a document uses (a subset), so a font costs a report what it draws, not its file size.
// Each text is cut into runs by script and each run written with the font of its script.

export type FontFamily = 'latin' | 'arabic' | 'cjk';
export type FontStyle = 'regular' | 'bold' | 'italic';

const require = createRequire(import.meta.url);

/** The folder of an installed font package's files (its exports name only its index). */
function fontsOf(pkg: string): string {
  return path.join(path.dirname(require.resolve(pkg)), '..', 'fonts');
}

const FILES: Record<FontFamily, Record<FontStyle, () => string>> = {
  latin: {
    regular: () => path.join(fontsOf('@embedpdf/fonts-latin'), 'NotoSans-Regular.ttf'),
    bold: () => path.join(fontsOf('@embedpdf/fonts-latin'), 'NotoSans-Bold.ttf'),
    italic: () => path.join(fontsOf('@embedpdf/fonts-latin'), 'NotoSans-Italic.ttf'),
  },
  arabic: {
    regular: () => path.join(fontsOf('@embedpdf/fonts-arabic'), 'NotoNaskhArabic-Regular.ttf'),
    bold: () => path.join(fontsOf('@embedpdf/fonts-arabic'), 'NotoNaskhArabic-Bold.ttf'),
    // Arabic has no italic: the upright face stands in.
    italic: () => path.join(fontsOf('@embedpdf/fonts-arabic'), 'NotoNaskhArabic-Regular.ttf'),
  },
  cjk: {
    regular: () => path.join(fontsOf('@embedpdf/fonts-sc'), 'NotoSansHans-Regular.otf'),
    bold: () => path.join(fontsOf('@embedpdf/fonts-sc'), 'NotoSansHans-Bold.otf'),
    italic: () => path.join(fontsOf('@embedpdf/fonts-sc'), 'NotoSansHans-Regular.otf'),
  },
};

/**
 * Where a font's file is. pdfkit reads a registered file only when the document first writes with
 * that font, so a report without Chinese never reads the (several megabyte) Chinese font.
 */
export function fontFile(family: FontFamily, style: FontStyle): string {
  return FILES[family][style]();
}

export const fontName = (family: FontFamily, style: FontStyle) => `${family}-${style}`;

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u;
const CJK =
  /[\u2E80-\u2FDF\u3000-\u303F\u3040-\u30FF\u3100-\u312F\u31A0-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF\u{20000}-\u{2FA1F}]/u;

function familyOf(char: string): FontFamily | null {
  if (ARABIC.test(char)) return 'arabic';
  if (CJK.test(char)) return 'cjk';
  // A space belongs to the run it stands in, so a name in one script stays one shaped run.
  if (/\s/u.test(char)) return null;
  return 'latin';
}

export interface TextRun {
  family: FontFamily;
  text: string;
}

/** The text cut into runs of one script each, in the order they are stored (logical order). */
export function scriptRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let pending = '';
  for (const char of text) {
    const family = familyOf(char);
    const last = runs[runs.length - 1];
    if (family === null) {
      if (last) last.text += char;
      else pending += char;
    } else if (last && last.family === family) {
      last.text += char;
    } else {
      runs.push({ family, text: pending + char });
      pending = '';
    }
  }
  if (pending) runs.push({ family: 'latin', text: pending });
  return runs;
}

/** Whether a text reads right to left: its first letter of a strong direction is Arabic. */
export function isRightToLeft(runs: readonly TextRun[]): boolean {
  return runs.find((run) => run.family !== 'cjk' && /\p{L}/u.test(run.text))?.family === 'arabic';
}
