#!/usr/bin/env node
// Writes dist/web/landing.html: index.html with the landing page's first state rendered into #root
// (src/web/prerender-landing.tsx, built for Node by `vite build --ssr`). The server answers / with it,
// so the first paint needs no JavaScript; main.tsx then renders the same page over it (React empties
// #root on its first commit). preferences-init.js hides the English markup from visitors of another
// language (styles.css), who see the page once the script has rendered it, as before.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const webRoot = path.resolve('dist/web');
const entry = path.resolve('dist/prerender/prerender-landing.js');
const { renderLanding } = await import(pathToFileURL(entry).href);
const markup = await renderLanding();
if (/<script/i.test(markup)) throw new Error('prerender-landing: the landing markup holds a script, which the CSP would block');

// Its buttons and the language menu do nothing until the script has rendered the page over them:
// disabled until then, so a tap or a choice is never silently lost (links work without it).
const disabledUntilScript = markup.replace(/<(button|select)\b(?![^>]*\sdisabled[\s=>])/g, '<$1 disabled=""');

const index = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
const ROOT = '<div id="root"></div>';
if (!index.includes(ROOT)) throw new Error('prerender-landing: index.html has no empty #root');
fs.writeFileSync(
  path.join(webRoot, 'landing.html'),
  index.replace(ROOT, `<div id="root"><div data-prerendered="landing">${disabledUntilScript}</div></div>`),
);
fs.rmSync(path.dirname(entry), { recursive: true, force: true });
console.log(`prerender-landing: landing.html (${(markup.length / 1024).toFixed(0)} KB of markup)`);
