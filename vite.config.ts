import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { FIRST_PAINT_NAMESPACES, SHELL_NAMESPACES } from './src/web/lib/first-paint-namespaces.ts';

// The SPA lives in src/web and builds to dist/web, which the Fastify server serves. In development
// Vite serves the SPA and forwards the API and the WebSocket to the server on :5000.
// The API server's port in development (scripts/dev.mjs passes PORT through).
const apiPort = process.env.PORT ?? '5000';

/**
 * Every module the entry imports statically runs before the first paint anyway, so they ship as one
 * chunk: one request and one gzip stream instead of dozens of small shared chunks that each cost a
 * round trip and compress alone (issue 6 item 9). Lazy pages import from it what they share.
 *
 * The entry (main.tsx) holds what both first screens run; it loads the first screen itself at once:
 * the landing page (app/landing-app.tsx) on /, the app (app/app.tsx, then its signed-in frame)
 * elsewhere. What those two share joins the entry's chunk; what only the landing page runs is the
 * `landing` chunk, which a signed-in page never downloads. The app keeps Vite's own chunks.
 *
 * A package's barrel (lucide-react re-exports ~1,700 icons) is followed only to the exports the
 * first paint's own files name, or every icon any page uses would land in this chunk.
 */
const firstPaintModules = new Set<string>();
const landingModules = new Set<string>();
const landingSharedModules = new Set<string>();
const BARREL_MIN_IMPORTS = 200;
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
const REEXPORT = /export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
/** The first screens the entry loads at once, and the signed-in frame the app shows first. */
const LANDING_SCREEN = /[\\/]src[\\/]web[\\/]app[\\/]landing-app\.tsx$/;
const APP_SCREENS = [/[\\/]src[\\/]web[\\/]app[\\/]app\.tsx$/, /[\\/]src[\\/]web[\\/]app[\\/]shell[\\/]signed-in-layout\.tsx$/];

function importedNames(list: string): string[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0]!.trim());
}

/** Export name → the file a barrel takes it from. */
function barrelExports(barrel: string): Map<string, string> {
  const exports = new Map<string, string>();
  for (const [, list, from] of fs.readFileSync(barrel, 'utf8').matchAll(REEXPORT)) {
    const file = path.resolve(path.dirname(barrel), from!);
    for (const part of list!.split(',')) {
      const exported = part
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (exported) exports.set(exported, file);
    }
  }
  return exports;
}

function collectFirstPaintModules(): Plugin {
  return {
    name: 'caredeck:first-paint-modules',
    apply: 'build',
    async buildEnd() {
      firstPaintModules.clear();
      landingModules.clear();
      landingSharedModules.clear();
      const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const isBarrel = (id: string) => id.includes('/node_modules/') && imports(id).length >= BARREL_MIN_IMPORTS;
      const moduleIds = [...this.getModuleIds()];
      const htmlEntries = moduleIds.filter((id) => this.getModuleInfo(id)?.isEntry);
      // index.html's script (main.tsx) is the entry module proper; it stays the entry chunk.
      const entries = new Set([...htmlEntries, ...htmlEntries.filter((id) => id.endsWith('.html')).flatMap(imports)]);

      /** What the given modules load statically (themselves included), up to the entries. */
      const staticClosure = async (starts: string[]): Promise<Set<string>> => {
        const found = new Set<string>();
        const walk = (stack: string[]) => {
          while (stack.length > 0) {
            const id = stack.pop()!;
            if (found.has(id) || entries.has(id)) continue;
            found.add(id);
            if (!isBarrel(id)) stack.push(...imports(id));
          }
        };
        walk(starts);
        const wanted = new Map<string, Set<string>>();
        for (const id of [...found, ...entries]) {
          if (id.includes('/node_modules/') || !/\.[cm]?[jt]sx?$/.test(id) || !fs.existsSync(id)) continue;
          for (const [, list, specifier] of fs.readFileSync(id, 'utf8').matchAll(NAMED_IMPORT)) {
            const resolved = (await this.resolve(specifier!, id))?.id;
            if (!resolved || !isBarrel(resolved) || !found.has(resolved)) continue;
            const names = wanted.get(resolved) ?? new Set<string>();
            for (const name of importedNames(list!)) names.add(name);
            wanted.set(resolved, names);
          }
        }
        for (const [barrel, names] of wanted) {
          const exports = barrelExports(barrel);
          walk([...names].flatMap((name) => exports.get(name) ?? []).filter((file) => this.getModuleInfo(file)));
        }
        return found;
      };

      const entry = await staticClosure([...entries].flatMap(imports));
      const landing = await staticClosure(moduleIds.filter((id) => LANDING_SCREEN.test(id)));
      const app = await staticClosure(moduleIds.filter((id) => APP_SCREENS.some((screen) => screen.test(id))));
      for (const id of entry) firstPaintModules.add(id);
      for (const id of landing) {
        if (entry.has(id)) continue;
        if (app.has(id)) firstPaintModules.add(id);
        else landingModules.add(id);
      }
      // A module another part loaded on demand also imports (an icon or a dialog the mobile check
      // shares, the public frame the app's other public pages use) goes to a chunk of its own, or
      // loading that part would download the whole landing page. The landing page's own sections,
      // which the app's route for / loads too, stay.
      for (const id of moduleIds) {
        const info = this.getModuleInfo(id);
        if (!info?.dynamicImporters.length || landing.has(id)) continue;
        for (const shared of await staticClosure([id])) {
          if (landingModules.delete(shared)) landingSharedModules.add(shared);
        }
      }
    },
  };
}

/**
 * The first paint waits for the visitor's texts, which the app asks for only once its script runs.
 * index.html lists their files per language (JSON data blocks, which the CSP lets through as they
 * never run): the landing page's (first-paint-texts) and the app frame's (shell-texts), and
 * preferences-init.js preloads the visitor's language's ones for the page being opened right away,
 * so they download alongside the script instead of after it (ADR 010, ADR 017). The same goes for
 * the first screen's code, which the entry imports only once it runs: the landing page's chunks
 * (landing-modules) and the app's with its signed-in frame (shell-modules).
 */
function listFirstPaintFiles(): Plugin {
  const lists = { 'first-paint-texts': FIRST_PAINT_NAMESPACES, 'shell-texts': SHELL_NAMESPACES } as const;
  const screens = { 'landing-modules': [LANDING_SCREEN], 'shell-modules': APP_SCREENS } as const;
  return {
    name: 'caredeck:first-paint-texts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter((chunk) => chunk.type === 'chunk');
        const texts = Object.entries(lists).map(([id, namespaces]) => {
          const files: Record<string, string[]> = {};
          for (const chunk of chunks) {
            const match = /[\\/]locales[\\/]([a-z]+)[\\/]([a-z-]+)\.json$/.exec(chunk.facadeModuleId ?? '');
            if (!match || !(namespaces as readonly string[]).includes(match[2]!)) continue;
            (files[match[1]!] ??= []).push(`/${chunk.fileName}`);
          }
          return [id, files] as const;
        });
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (names: string[], into = new Set<string>()) => {
          for (const name of names) {
            if (into.has(name)) continue;
            into.add(name);
            closure(byName.get(name)?.imports ?? [], into);
          }
          return into;
        };
        const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
        const modules = Object.entries(screens).map(([id, patterns]) => {
          const starts = chunks.filter((chunk) => patterns.some((pattern) => pattern.test(chunk.facadeModuleId ?? '')));
          const files = [...closure(starts.map((chunk) => chunk.fileName))].filter((name) => !entry.has(name)).map((name) => `/${name}`);
          return [id, files] as const;
        });
        return [...texts, ...modules].map(([id, files]) => ({
          tag: 'script',
          attrs: { type: 'application/json', id },
          children: JSON.stringify(files),
          injectTo: 'head-prepend' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  root: 'src/web',
  // A build lists nothing but problems (and compress-web's one-line summary); the chunk sizes that
  // matter are measured by bench/web.ts against their limits.
  logLevel: 'warn',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), collectFirstPaintModules(), listFirstPaintFiles()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // No source maps in the build: the server would otherwise hand out the source.
    sourcemap: false,
    target: 'es2022',
    // bench/web reads the chunk graph to measure what the landing page loads first.
    manifest: true,
    // Every browser the app supports preloads modules itself; without the polyfill the landing
    // page's first script is smaller, and older ones only lose the preloading.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Tailwind's plugin writes CSS without a source map; the warning is theirs to fix, not ours,
      // and would hide the ones that are.
      onLog(level, log, handler) {
        if (log.code === 'SOURCEMAP_BROKEN' && log.plugin?.startsWith('@tailwindcss/vite')) return;
        handler(level, log);
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'first-paint', test: (id: string) => firstPaintModules.has(id) && !id.endsWith('.css') },
            // Zod in one chunk of its own: the live connection, the public frame (which fetches it
            // after its first paint) and every form share it, and none of them pulls in the others.
            { name: 'zod', test: (id: string) => id.includes('/node_modules/zod/') },
            // Before `landing`, which would otherwise take them in as its modules' dependencies.
            { name: 'landing-shared', test: (id: string) => landingSharedModules.has(id) && !id.endsWith('.css') },
            { name: 'landing', test: (id: string) => landingModules.has(id) && !id.endsWith('.css') },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      '/healthz': `http://localhost:${apiPort}`,
      '/ws': { target: `ws://localhost:${apiPort}`, ws: true },
    },
  },
});
