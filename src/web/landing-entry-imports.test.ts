import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSource, resolveSource, typesOnly } from './test/source-imports';

// The landing page's first JavaScript stays within 120 KB gzip because the entry
// (main.tsx, and app/landing-app.tsx which it imports at once on /) imports none of the app's heavier parts statically; they come
// with dynamic import() once needed. This walks the static import graph of the sources (type-only
// imports and import() are not followed, as the bundle does not follow them) and fails when a
// static import pulls one of them into the first paint. `npm run bench:web` measures the bytes.

const ROOT = path.resolve(__dirname, '../..');
const STATIC_IMPORT =
  /(?:^|[;\n])\s*(?:import|export)\s+(type\s+)?(\{[^}]*\}|\*\s+as\s+\w+|\*|\w+(?:\s*,\s*\{[^}]*\})?)\s+from\s*['"]([^'"]+)['"]|(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g;

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/** The source files and packages the given files load statically, transitively. */
function staticGraph(entries: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const stack = entries.map((entry) => path.join(ROOT, entry));
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    const source = readSource(file);
    for (const match of source.matchAll(STATIC_IMPORT)) {
      const [, typeKeyword, clause, fromSpecifier, bareSpecifier] = match;
      const specifier = fromSpecifier ?? bareSpecifier!;
      if (typeKeyword || (clause && typesOnly(clause))) continue;
      if (specifier.startsWith('.')) {
        const resolved = resolveSource(file, specifier);
        if (resolved) stack.push(resolved);
      } else {
        packages.add(packageName(specifier));
      }
    }
  }
  return { files: new Set([...files].map((file) => path.relative(ROOT, file))), packages };
}

/** What the landing page must not load before its first paint. */
const LAZY_PACKAGES = [
  'zod',
  'react-router',
  'sonner',
  'd3-geo',
  'topojson-client',
  'react-hook-form',
  '@simplewebauthn/browser',
  'qrcode',
];
const LAZY_FILES = [
  /^src\/web\/app\/app\.tsx$/,
  /^src\/web\/app\/router\.tsx$/,
  /^src\/web\/app\/shell\/signed-in-layout\.tsx$/,
  /^src\/web\/lib\/realtime\//,
  /^src\/web\/lib\/session\/session-(controller|provider)\.tsx?$/,
  /^src\/web\/lib\/permissions\//,
  /^src\/web\/features\/landing\/components\/(specialties-explorer|impact-map)/,
  /^src\/web\/features\/(?!landing\/)/,
];

const ENTRY = ['src/web/main.tsx', 'src/web/app/landing-app.tsx'];

describe('the landing entry imports statically', () => {
  const graph = staticGraph(ENTRY);

  it('reaches the landing page through the light entry', () => {
    expect(graph.files).toContain('src/web/features/landing/pages/landing-page.tsx');
    expect(graph.packages).toContain('react-dom');
  });

  it('leaves the landing page out of the entry every signed-in page runs', () => {
    // main.tsx imports the landing screen only on /: a signed-in first page never downloads it.
    const entry = staticGraph(['src/web/main.tsx']);
    expect([...entry.files].filter((file) => file.startsWith('src/web/features/') || file.endsWith('landing-app.tsx'))).toEqual([]);
  });

  it('none of the packages that load later', () => {
    expect(LAZY_PACKAGES.filter((name) => graph.packages.has(name))).toEqual([]);
  });

  it('none of the app files that load later', () => {
    expect([...graph.files].filter((file) => LAZY_FILES.some((pattern) => pattern.test(file)))).toEqual([]);
  });

  it('is checked by a walk that does find them from the app itself', () => {
    const app = staticGraph(['src/web/app/app.tsx']);
    expect(app.packages).toContain('react-router');
    expect(app.files).toContain('src/web/lib/session/session-controller.ts');
    const link = staticGraph(['src/web/app/realtime-link.tsx']);
    expect(link.packages).toContain('zod');
    expect(link.packages).toContain('sonner');
  });
});

// The signed-in shell (the entry, the app and the signed-in frame) paints within 170 KB gzip
// because what it does not show at once loads right after: zod with every contract that validates,
// the toaster, the live connection with its push reactions, the notification bell.
describe('the signed-in shell imports statically', () => {
  const shell = staticGraph(['src/web/main.tsx', 'src/web/app/app.tsx', 'src/web/app/shell/signed-in-layout.tsx']);

  it('neither zod nor the toaster', () => {
    expect(['zod', 'sonner'].filter((name) => shell.packages.has(name))).toEqual([]);
  });

  it('none of the parts it loads after its first paint', () => {
    const later = [
      /^src\/web\/lib\/realtime\/(realtime-connection|realtime-provider|push-reactions)\.tsx?$/,
      /^src\/web\/app\/(push-reactions|realtime-link|toasts)\.tsx?$/,
      /^src\/web\/features\/notifications\/(components|api)\//,
      /^src\/web\/features\/landing\//,
    ];
    expect([...shell.files].filter((file) => later.some((pattern) => pattern.test(file)))).toEqual([]);
  });
});
