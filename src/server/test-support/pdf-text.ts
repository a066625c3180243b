import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text layer of a PDF as pdf.js reads it (its first `pages` only, if given): each page's items, a line break where a line ends. */
export async function pdfText(pdf: Buffer, pages = Infinity): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= Math.min(document.numPages, pages); n += 1) {
    const content = await (await document.getPage(n)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  await document.destroy();
  return texts.join('\n');
}
