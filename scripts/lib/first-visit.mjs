// What the shell's server writes into each page so that a first visit does not wait on a chain of
// requests (issue 10): the runtime remote config inlined (no /remotes.json round trip before the
// first remote can load), and preload hints for the current route's remote (its manifest, its
// remoteEntry.js and the chunks of its exposed ./routes), fetched in parallel with the shell's code.

/** Which remote owns a path (the shell's route table, shell/src/app/router.tsx). */
export function remoteOfPath(pathname) {
  if (pathname === '/' || pathname === '/products' || pathname.startsWith('/products/')) return 'catalog';
  if (/^\/(cart|checkout)(\/|$)/.test(pathname)) return 'cart';
  if (/^\/(account|wishlist|orders)(\/|$)/.test(pathname)) return 'account';
  if (/^\/admin(\/|$)/.test(pathname)) return 'admin';
  return null;
}

const escapeJson = (json) => json.replace(/</g, '\\u003c');
const escapeAttr = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * @param {object} o
 * @param {string} o.html the shell's index.html
 * @param {string} o.config the runtime remote config (JSON text)
 * @param {string} o.pathname the requested path
 * @param {(entry: string) => any} o.readManifest the manifest behind an entry URL, or null when the
 *   server cannot read it without a request (the browser then fetches it, as before)
 */
export function addFirstVisitHints({ html, config, pathname, readManifest }) {
  let parsed;
  try {
    parsed = JSON.parse(config);
  } catch {
    return html; // the shell fetches /remotes.json itself and shows what it can
  }
  const links = [];
  const remote = remoteOfPath(pathname);
  const entry = remote && typeof parsed?.[remote] === 'object' ? parsed[remote]?.entry : null;
  if (typeof entry === 'string') {
    const manifest = (() => {
      try {
        return readManifest(entry);
      } catch {
        return null;
      }
    })();
    // The federation runtime fetches the manifest with fetch() (CORS, no credentials).
    links.push(`<link rel="preload" href="${escapeAttr(entry)}" as="fetch" crossorigin="anonymous" />`);
    if (manifest?.metaData?.remoteEntry?.name) {
      const base = new URL('.', entry);
      const file = (name) => new URL(name, base).href;
      const scripts = [
        manifest.metaData.remoteEntry.path + manifest.metaData.remoteEntry.name,
        ...(manifest.exposes?.find((e) => e.path === './routes')?.assets?.js?.sync ?? []),
      ];
      for (const name of scripts) links.push(`<link rel="preload" href="${escapeAttr(file(name))}" as="script" />`);
    }
  }
  const block = `<script type="application/json" id="store-remotes">${escapeJson(JSON.stringify(parsed))}</script>`;
  return html
    .replace(/<link[^>]*href="?\/remotes\.json"?[^>]*>/, '')
    .replace('</head>', `    ${[...links, block].join('\n    ')}\n  </head>`);
}
