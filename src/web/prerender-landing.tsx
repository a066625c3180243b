import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { LandingApp } from './app/landing-app';
import { FIRST_PAINT_NAMESPACES, initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';

// Built by Vite for Node (scripts/prerender-landing.mjs) and run once at build time: the landing
// page's HTML in its first state (English, light markup, figures loading, signed out), so the first
// paint of / comes with the HTML and CSS instead of after the script (ADR 010).
function landing() {
  return (
    <StrictMode>
      <LandingApp queryClient={createQueryClient()} openApp={() => Promise.resolve()} />
    </StrictMode>
  );
}

export async function renderLanding(): Promise<string> {
  await initI18n('en', FIRST_PAINT_NAMESPACES);
  // The first pass waits for the lazy parts to load; the second renders them in place, with no
  // streaming script (React's boundary scripts are inline, which the CSP forbids).
  const { prelude } = await prerenderToNodeStream(landing());
  for await (const chunk of prelude) void chunk;
  const html = renderToString(landing());
  if (html.includes('<!--$!-->') || html.includes('<!--$?-->')) throw new Error('A part of the landing page suspended');
  return html;
}
