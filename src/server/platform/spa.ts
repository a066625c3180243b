import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// Serves the built SPA. Hashed assets are cached for a year; index.html never is, so a deploy is
// picked up on the next navigation. Any client route (no file extension) answers index.html, so
// every view can be reloaded and deep-linked (history fallback). Text files go out as the Brotli or
// gzip copies the build wrote beside them (scripts/compress-web.mjs), when the browser accepts them.
export async function registerSpa(app: FastifyInstance, webRoot: string): Promise<boolean> {
  if (!fs.existsSync(path.join(webRoot, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: true,
    // / alone answers the landing page the build prerendered (scripts/prerender-landing.mjs), when
    // there is one; every other client route gets the empty index.html (sendIndexHtml).
    index: ['landing.html', 'index.html'],
    preCompressed: true,
    // Source maps would hand out the source; the build writes none, and none is served if one is there.
    allowedPath: (pathName) => !/\.map$/i.test(pathName),
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

export function isHistoryNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (pathname.startsWith('/api')) return false;
  // A path with an extension is a missing file, not a client route.
  return !path.posix.basename(pathname).includes('.');
}

export function sendIndexHtml(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
}

// A share link's token is in the URL: the page and its API answer are never cached, and the
// token never leaves in a Referer header (the page links nowhere, but a browser extension might).
const PRIVATE_LINK_PATHS = ['/shared/', '/api/shared/'];

export function isPrivateLinkPath(url: string): boolean {
  return PRIVATE_LINK_PATHS.some((prefix) => url.startsWith(prefix));
}

export function registerPrivateLinkHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (!isPrivateLinkPath(request.url)) return;
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
  });
}
