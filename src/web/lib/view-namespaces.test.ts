import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_NAMESPACES, SHELL_NAMESPACES } from './first-paint-namespaces';
import { NAMESPACES } from './i18n';
import { readSource as read, resolveSource, typesOnly } from '../test/source-imports';

// No screen shows a translation key: the app waits before its first paint only for its frame's
// namespaces (SHELL_NAMESPACES), the landing page only for its own (FIRST_PAINT_NAMESPACES), and
// every view loads its own with its code (lazy-view.ts). This reads the sources and checks that
// each of those three loads covers every namespace its modules use — through useTranslation, a
// `ns:key` text key, getFixedT or an `ns` option — following the imports it loads, static and
// dynamic, down to the next view loaded by lazyView (which is checked on its own).

const WEB = path.resolve(__dirname, '..');
const KNOWN = new Set<string>(NAMESPACES);

const STATIC_IMPORT =
  /(?:^|[;\n])\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s+from\s*['"](\.[^'"]+)['"]|(?:^|[;\n])\s*import\s*['"](\.[^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** The relative imports of a module that end up in the browser, static and dynamic, resolved. */
function importsOf(file: string): { file: string; dynamic: boolean }[] {
  const source = read(file);
  const found: { file: string; dynamic: boolean }[] = [];
  for (const [, typeKeyword, clause, from, bare] of source.matchAll(STATIC_IMPORT)) {
    if (typeKeyword || (clause && typesOnly(clause.trim()))) continue;
    const resolved = resolveSource(file, (from ?? bare)!);
    if (resolved) found.push({ file: resolved, dynamic: false });
  }
  for (const [, specifier] of source.matchAll(DYNAMIC_IMPORT)) {
    const resolved = resolveSource(file, specifier!);
    if (resolved) found.push({ file: resolved, dynamic: true });
  }
  return found;
}

/** The namespaces a module's own code reads. */
export function namespacesUsed(source: string): Set<string> {
  const used = new Set<string>();
  const add = (ns: string | undefined) => {
    if (ns && KNOWN.has(ns)) used.add(ns);
  };
  for (const [, args] of source.matchAll(/\buseTranslation\(([^)]*)\)/g)) {
    const names = [...args!.matchAll(/['"]([a-z-]+)['"]/g)].map((m) => m[1]);
    // useTranslation() reads the default namespace.
    if (names.length === 0 || !/^\s*(\[|['"])/.test(args!)) add('common');
    names.forEach(add);
  }
  // A key with its namespace: 'health:vitals.title', `errors:codes.${code}`.
  for (const [, ns] of source.matchAll(/['"`]([a-z][a-z-]*):[A-Za-z$]/g)) add(ns);
  for (const [, ns] of source.matchAll(/\bgetFixedT\([^,)]*,\s*['"]([a-z-]+)['"]/g)) add(ns);
  for (const [, ns] of source.matchAll(/\bns:\s*['"]([a-z-]+)['"]/g)) add(ns);
  return used;
}

interface LazyViewCall {
  file: string;
  target: string;
  namespaces: string[];
}

/** The text of a call starting at `open` (the opening parenthesis), up to its matching close. */
function callText(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '(') depth++;
    else if (source[i] === ')' && --depth === 0) return source.slice(open, i + 1);
  }
  throw new Error('unbalanced call');
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !full.includes(`${path.sep}test${path.sep}`) ? [full] : [];
  });
}

function lazyViewCalls(): LazyViewCall[] {
  const calls: LazyViewCall[] = [];
  for (const file of sourceFiles(WEB)) {
    if (file.endsWith(`${path.sep}lazy-view.ts`)) continue;
    const source = read(file);
    for (const match of source.matchAll(/\blazyView\(/g)) {
      const call = callText(source, match.index + 'lazyView'.length);
      const specifier = /\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/.exec(call)?.[1];
      const list = /,\s*\[([^\]]*)\]\s*,?\s*\)$/.exec(call)?.[1];
      if (!specifier || list === undefined)
        throw new Error(`${path.relative(WEB, file)}: write lazyView(() => import('…'), ['…']) literally`);
      const target = resolveSource(file, specifier);
      if (!target) throw new Error(`${path.relative(WEB, file)}: ${specifier} not found`);
      calls.push({ file, target, namespaces: [...list.matchAll(/['"]([a-z-]+)['"]/g)].map((m) => m[1]!) });
    }
  }
  return calls;
}

const views = lazyViewCalls();
const viewRoots = new Set(views.map((view) => view.target));

/** Every namespace used by the modules a root loads, down to (not into) the next lazyView. */
function namespacesBehind(roots: string[], { followDynamic }: { followDynamic: boolean }): Map<string, string[]> {
  const seen = new Set<string>();
  const users = new Map<string, string[]>();
  const stack = [...roots];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const ns of namespacesUsed(read(file))) users.set(ns, [...(users.get(ns) ?? []), path.relative(WEB, file)]);
    for (const next of importsOf(file)) {
      if (next.dynamic && (!followDynamic || viewRoots.has(next.file))) continue;
      if (!next.file.startsWith(WEB)) continue;
      stack.push(next.file);
    }
  }
  return users;
}

function uncovered(users: Map<string, string[]>, allowed: readonly string[]): string[] {
  return [...users.entries()].filter(([ns]) => !allowed.includes(ns)).map(([ns, files]) => `${ns} (${files.join(', ')})`);
}

describe('translation namespaces loaded per view', () => {
  it('finds the namespaces a module reads', () => {
    const source = `
      const { t } = useTranslation(['health', 'common']);
      const other = useTranslation();
      t('errors:codes.X'); t(\`realtime:events.\${x}\`);
      i18n.getFixedT(next, 'settings'); t('key', { ns: 'booking' });
      const url = 'https://example.org'; const time = '10:30';`;
    expect([...namespacesUsed(source)].sort()).toEqual(['booking', 'common', 'errors', 'health', 'realtime', 'settings']);
  });

  it('the app frame uses only the namespaces it waits for before its first paint', () => {
    // app.tsx and everything it loads (the routes' frames too), except the views behind lazyView.
    const users = namespacesBehind([path.join(WEB, 'app/app.tsx')], { followDynamic: true });
    expect(uncovered(users, SHELL_NAMESPACES)).toEqual([]);
  });

  it('the landing entry uses only the namespaces its first paint waits for', () => {
    const users = namespacesBehind([path.join(WEB, 'app/landing-app.tsx')], { followDynamic: true });
    expect(uncovered(users, FIRST_PAINT_NAMESPACES)).toEqual([]);
  });

  it('every view lists the namespaces its modules use', () => {
    expect(views.length).toBeGreaterThan(20);
    const problems = views.flatMap((view) => {
      const users = namespacesBehind([view.target], { followDynamic: true });
      return uncovered(users, [...SHELL_NAMESPACES, ...view.namespaces]).map(
        (missing) => `${path.relative(WEB, view.target)} (loaded in ${path.relative(WEB, view.file)}) needs ${missing}`,
      );
    });
    expect(problems).toEqual([]);
  });

  it('every view and part loaded on demand goes through lazyView', () => {
    // A bare React.lazy would render its part without loading the part's texts first.
    const bare = sourceFiles(WEB).filter((file) => /\blazy\(\s*\(\)\s*=>\s*import\(/.test(read(file)));
    expect(bare.map((file) => path.relative(WEB, file))).toEqual([]);
  });
});
