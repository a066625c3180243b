import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// A colour class whose shade the theme does not define (text-brand-200 without --color-brand-200)
// is silently dropped by Tailwind: the element keeps another theme's colour, as the organisation
// settings' upload link did in the dark theme (dark teal on near-black). Every brand shade the
// sources use is defined.

const WEB = import.meta.dirname ?? dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

it('defines every brand shade the web sources use', () => {
  const css = readFileSync(join(WEB, 'styles.css'), 'utf8');
  const defined = new Set([...css.matchAll(/--color-brand-(\d+):/g)].map((match) => match[1]));
  const used = new Set(
    sources(WEB).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bbrand-(\d{2,3})\b/g)].map((match) => match[1])),
  );
  expect([...used].filter((shade) => !defined.has(shade)).sort()).toEqual([]);
});
