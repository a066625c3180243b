import fs from 'node:fs';
import path from 'node:path';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_LINKS } from '../../contracts/notifications';
import { viewForPath } from '../../contracts/views';
import { signedInRoutes } from './router';

// A notification's link must open a view of the app: every link the server may produce
// (NOTIFICATION_LINKS, the only type its notifications accept) is a registered view of the
// signed-in router, and a section after `#` is one that view has (a settings section, or an
// element with that id in the view's feature).

const serverRoot = path.join(import.meta.dirname, '..', '..', 'server');

function serverSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('notification links', () => {
  const routes = signedInRoutes();

  it.each(Object.entries(NOTIFICATION_LINKS))('%s (%s) opens a registered view', (_name, link) => {
    const [pathname, section] = link.split('#') as [string, string | undefined];
    expect(viewForPath(pathname), `${pathname} is a view`).toBeDefined();
    const matched = matchRoutes([{ path: '/', children: routes }], pathname);
    expect(matched?.at(-1)?.route.path, `${pathname} has a route`).toBe(pathname.slice(1));
    if (section === undefined) return;
    if (viewForPath(pathname) === 'profile-settings') {
      const page = fs.readFileSync(
        path.join(import.meta.dirname, '..', 'features', 'settings', 'pages', 'profile-settings-page.tsx'),
        'utf8',
      );
      expect(page, `#${section} is a section of the settings view`).toMatch(new RegExp(`const SECTIONS = \\[[^\\]]*'${section}'`));
      return;
    }
    // Elsewhere a section is an element of the view's feature with that id.
    const feature = path.join(import.meta.dirname, '..', 'features', viewForPath(pathname)!);
    const sources = fs
      .readdirSync(feature, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'));
    expect(
      sources.some((file) => fs.readFileSync(path.join(feature, file), 'utf8').includes(`id="${section}"`)),
      `#${section} is an element of the ${viewForPath(pathname)} view`,
    ).toBe(true);
  });

  it('are the only links the server gives a notification', () => {
    const written = serverSources(serverRoot).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/actionUrl:\s*([^,\n]+)/g)].map(
        (m) => `${path.relative(serverRoot, file)}: ${m[1]!.trim()}`,
      ),
    );
    expect(written.length).toBeGreaterThan(0);
    for (const line of written) {
      // Only a named link, or a value passed through from one (the service's own plumbing).
      expect(line).toMatch(
        /: (NOTIFICATION_LINKS\.\w+|input\.actionUrl \?\? null|row\.actionUrl|text\('action_url'\)|z\.string\(\)\.nullable\(\))$/,
      );
    }
  });
});
