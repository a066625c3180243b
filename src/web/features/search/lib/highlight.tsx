import type { ReactNode } from 'react';
import { foldText } from '../../../../contracts/feature-catalogue';

// Marks the parts of a text that the query's words matched, comparing folded forms (case and
// accents ignored, as the server matches) while showing the text as it is.

/** The text folded one character at a time, with where each folded character came from. */
function foldWithOrigins(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let index = 0;
  for (const char of text) {
    const part = foldText(char) || (char.trim() === '' ? ' ' : '');
    for (let i = 0; i < part.length; i += 1) origin.push(index);
    folded += part;
    index += char.length;
  }
  return { folded, origin };
}

export function matchedRanges(text: string, words: readonly string[]): [number, number][] {
  const { folded, origin } = foldWithOrigins(text);
  const marks = new Array<boolean>(text.length).fill(false);
  for (const word of words.map(foldText).filter((item) => item !== '')) {
    let from = folded.indexOf(word);
    while (from !== -1) {
      const start = origin[from]!;
      const end = from + word.length < origin.length ? origin[from + word.length]! : text.length;
      for (let i = start; i < end; i += 1) marks[i] = true;
      from = folded.indexOf(word, from + word.length);
    }
  }
  const ranges: [number, number][] = [];
  marks.forEach((marked, i) => {
    if (!marked) return;
    const last = ranges.at(-1);
    if (last && last[1] === i) last[1] = i + 1;
    else ranges.push([i, i + 1]);
  });
  return ranges;
}

export function Highlight({ text, words }: { text: string; words: readonly string[] }): ReactNode {
  const ranges = matchedRanges(text, words);
  if (ranges.length === 0) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-amber-100 px-0 text-inherit dark:bg-amber-900/60">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
