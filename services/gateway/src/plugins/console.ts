// The station console (apps/console): its built files at `/`. Hashed assets under /assets/ are
// cached for a year (their names change with their content); the page itself (index.html, also
// the answer to any other GET of a console path, so that the app's own routes such as /media can
// be reloaded) is revalidated on every load. Nothing here shadows the API or the operational
// routes: they are registered by name and win over the fallback, and a path under /api/, one of
// the operational paths or one naming a file (with a dot) is never answered with the page.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface ConsoleOptions {
  /** The console's built files (apps/console/dist); null or missing: a page saying how to build it. */
  root: string | null;
}

/** What the console's page may load: only this server, no inline scripts, no frames. */
export const consoleContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine sets style attributes and injects its CSS variables.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  // The on-air page listens to a player's stream, wherever its Icecast is (audio and video only:
  // nothing a media element loads runs as script).
  "media-src 'self' blob: http: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Paths the page never answers, even when nothing else does: they stay 404 in the envelope. */
const NOT_CONSOLE = /^\/(api|healthz|readyz|metrics)(\/|$)/;

/** The console's directory: CONSOLE_DIR, else apps/console/dist of the repository this file is in. */
export function consoleDirectory(value: string | undefined, from = import.meta.dirname): string | null {
  if (value) return resolve(value);
  // Found from this file whether it runs from source (services/gateway/src/plugins) or bundled
  // (services/gateway/dist).
  for (let dir = from, up = 0; up < 6; up += 1, dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return join(dir, 'apps', 'console', 'dist');
  }
  return null;
}

const notBuilt = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Airwave</title></head>
<body><h1>Airwave</h1><p>The station console is not built. Run <code>pnpm install</code> (which builds it) or
<code>pnpm --filter @airwave/console build</code>, then reload. The API is at <a href="/api/docs">/api/docs</a>.</p></body></html>`;

function sendPage(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('content-security-policy', consoleContentSecurityPolicy)
    .send(html);
}

const consolePlugin: FastifyPluginAsync<ConsoleOptions> = async (app, options) => {
  const root = options.root && existsSync(join(options.root, 'index.html')) ? options.root : null;
  if (!root) {
    app.get('/', (_request, reply) => sendPage(reply, notBuilt, 503));
    return;
  }
  // In a context of its own, so that the hook below touches only the assets' replies.
  await app.register(async (assets) => {
    assets.addHook('onSend', async (_request, reply) => {
      if (reply.statusCode === 200 || reply.statusCode === 304) reply.header('cache-control', IMMUTABLE);
    });
    await assets.register(fastifyStatic, {
      root: join(root, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      // Vite writes .gz/.br beside an asset where it makes them (not by default): served when asked.
      preCompressed: true,
      cacheControl: false,
    });
  });
  // Read on every load (a few hundred bytes): a rebuild is served without a restart.
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    if (NOT_CONSOLE.test(path) || /\.[^/]*$/.test(path)) return reply.callNotFound();
    return sendPage(reply, await readFile(join(root, 'index.html'), 'utf8'));
  };
  app.get('/', page);
  app.get('/*', page);
};

export default fp(consolePlugin, { name: 'airwave-console' });
