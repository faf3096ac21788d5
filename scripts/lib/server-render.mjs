// The shell's server renders the storefront's pages (issue 30): it requires the shell's rendering
// module (shell/dist/server/render.cjs, built by `pnpm build`), which loads the remotes' server
// containers at runtime from the visitor's remote config, and writes what it rendered into the
// shell's index.html. A page it does not render (a personal screen) or cannot (a remote's server
// build away or throwing) is today's index.html, rendered in the browser.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * @param {object} o
 * @param {string} o.root repository root
 * @param {string} o.apiUrl where the API listens (the renderer asks it on loopback)
 * @param {string} o.publicUrl the store's public origin (canonical and media URLs)
 * @param {(message: string) => void} [o.log]
 * @returns {{ render(o: { url: string, config: unknown }): Promise<any>, available: boolean }}
 */
export function createServerRenderer(o) {
  const log = o.log ?? ((message) => process.stderr.write(`[store] ${message}\n`));
  const file = path.join(o.root, 'shell', 'dist', 'server', 'render.cjs');
  let renderer = null;
  if (process.env.STORE_SSR !== 'off' && fs.existsSync(file)) {
    try {
      renderer = require(file);
      renderer.configureRenderer({
        apiUrl: o.apiUrl,
        publicUrl: o.publicUrl,
        // Rendered pages kept, keyed by the API's catalogue version (0: every page is rendered).
        cacheEntries: Number(process.env.RENDER_CACHE_ENTRIES ?? 500),
      });
    } catch (error) {
      log(`server rendering is off: ${file} could not be loaded (${error.message})`);
      renderer = null;
    }
  }
  // Logged once per remote and reason, not once per page.
  const logged = new Set();
  return {
    available: Boolean(renderer),
    async render(request) {
      if (!renderer) return { kind: 'browser' };
      const outcome = await renderer
        .renderPage(request)
        .catch((error) => ({ kind: 'fallback', remote: 'shell', error }));
      if (outcome.kind === 'fallback') {
        const reason = String(outcome.error?.message ?? outcome.error).split('\n')[0];
        const key = `${outcome.remote}:${reason}`;
        if (!logged.has(key)) {
          logged.add(key);
          log(`rendering ${outcome.remote}'s page in the browser instead (first seen on ${request.url}): ${reason}`);
        }
      }
      return outcome;
    },
  };
}

/** `X-Store-Render`: how this page was made (what to check in production: docs in shell/README.md). */
export function renderHeader(outcome) {
  if (outcome.kind === 'rendered') return outcome.cached ? 'server; cached' : 'server';
  return outcome.kind === 'fallback' ? `browser; fallback=${outcome.remote}` : 'browser';
}

/** Crawler files the API writes (modules/storefront): robots.txt, the sitemap index and its files. */
export const crawlerFile = (pathname) =>
  /^\/(robots\.txt|sitemap\.xml|sitemap-(pages|products-\d{1,5})\.xml)$/.test(pathname)
    ? `/api/storefront${pathname}`
    : null;

/** The shell's index.html with a rendered page: its head, its markup in #root, its data. */
export function writeRenderedPage(html, page) {
  // React's own scripts, if any, get this response's nonce (addNonce), not the render's placeholder.
  const root = page.root.replaceAll(' nonce="STORE_NONCE"', '');
  return html
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="?description"? content="[^"]*"\s*\/?>/, '')
    .replace('</head>', () => `${page.head}\n  </head>`)
    .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(
      /<div id="?root"?>[\s\S]*?<\/div><\/div>/,
      () => `<div id="root" data-hydrating>${root}</div>${page.state}`,
    );
}
