import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The SPA lives in src/web and builds to dist/web, which the Fastify server serves. In development
// Vite serves the SPA and forwards the API and the WebSocket to the server on :5000.
// The API server's port in development (scripts/dev.mjs passes PORT through).
const apiPort = process.env.PORT ?? '5000';

/**
 * Every module the entry imports statically runs before the first paint anyway, so they ship as one
 * chunk: one request and one gzip stream instead of dozens of small shared chunks that each cost a
 * round trip and compress alone (issue 6 item 9). Lazy pages import from it what they share.
 */
const firstPaintModules = new Set<string>();
function collectFirstPaintModules(): Plugin {
  return {
    name: 'caredeck:first-paint-modules',
    apply: 'build',
    buildEnd() {
      firstPaintModules.clear();
      // The entry itself (main.tsx) stays the entry chunk, which index.html and the manifest name.
      const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const htmlEntries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      // index.html's script (main.tsx) is the entry module proper.
      const entries = [...htmlEntries, ...htmlEntries.filter((id) => id.endsWith('.html')).flatMap(imports)];
      const stack = entries.flatMap(imports);
      while (stack.length > 0) {
        const id = stack.pop()!;
        if (firstPaintModules.has(id) || entries.includes(id)) continue;
        firstPaintModules.add(id);
        stack.push(...imports(id));
      }
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), collectFirstPaintModules()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // bench/web reads the chunk graph to measure what the landing page loads first.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'first-paint', test: (id: string) => firstPaintModules.has(id) && !id.endsWith('.css') }],
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
