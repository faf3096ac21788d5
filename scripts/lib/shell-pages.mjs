// The shell's page for each request (issue 28's per-visitor remote config, issue 30's server
// rendering): used by the store's server (serve-store.mjs, `npm start`) and by the cluster's rendering
// process (render-server.mjs, behind nginx in `pnpm start:cluster`).
import crypto from 'node:crypto';
import { addFirstVisitHints } from './first-visit.mjs';
import { addNonce, createNonce, remoteOrigins, securityHeaders } from './security-headers.mjs';
import { createServerRenderer, renderHeader, writeRenderedPage } from './server-render.mjs';

/** The cookie that keeps a visitor on the same build of each remote (the API's canary choice). */
export const VISITOR_COOKIE = 'store_visitor';
/** How long a page waits for the API's release choice before it uses the base config. */
const RELEASES_WAIT_MS = 1500;
export const perVisitor = { 'Cache-Control': 'private, no-store', Vary: 'Cookie' };

/**
 * @param {object} o
 * @param {string} o.root repository root
 * @param {string} o.apiUrl where the API answers (/api/releases/remotes.json, and the renderer's calls)
 * @param {string} o.publicUrl the store's public origin
 * @param {() => string} o.baseConfig the base remote config (JSON text), before releases
 * @param {boolean} [o.releases] apply the API's releases to the base (default true; a REMOTES_CONFIG
 *   file in the cluster is served as it is)
 */
export function createShellPages(o) {
  const renderer = createServerRenderer({ root: o.root, apiUrl: o.apiUrl, publicUrl: o.publicUrl });
  /**
   * This visitor's config: the base (defaults or REMOTES_CONFIG) with the builds the API's releases
   * give this visitor (a canary reaches a share of visitors, each kept on its build by the
   * store_visitor cookie). The API answers from its last good copy when its database cannot be read;
   * when the API itself does not answer, the base config is served: the storefront never waits on
   * the release machinery.
   */
  const remotesConfig = async (req) => {
    let visitor = /(?:^|;\s*)store_visitor=([\w-]{8,64})/.exec(req.headers.cookie ?? '')?.[1];
    let setCookie;
    if (!visitor) {
      visitor = crypto.randomUUID();
      setCookie = `${VISITOR_COOKIE}=${visitor}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly`;
    }
    let config = o.baseConfig();
    if (o.releases === false) return { config, setCookie };
    try {
      const response = await fetch(`${o.apiUrl}/api/releases/remotes.json`, {
        headers: { cookie: `${VISITOR_COOKIE}=${visitor}` },
        signal: AbortSignal.timeout(RELEASES_WAIT_MS),
      });
      const released = response.ok ? await response.json() : {};
      if (Object.keys(released).length) config = JSON.stringify({ ...JSON.parse(config), ...released }, null, 2);
    } catch {
      // the API is away or the base config unreadable: the base config as it is
    }
    return { config, setCookie };
  };
  // Each page: this visitor's remote config inlined (first visit), and a policy that allows exactly
  // its remotes (a release changes it without a restart), with this response's nonce on the scripts.
  const shellPage = async (req) => {
    const { config, setCookie } = await remotesConfig(req);
    let origins = [];
    try {
      origins = remoteOrigins(JSON.parse(config));
    } catch {
      // an unreadable config loads no remote, so none is allowed
    }
    const nonce = createNonce();
    let parsed = null;
    try {
      parsed = JSON.parse(config);
    } catch {
      // rendered in the browser, which shows what it can
    }
    // The storefront's pages are rendered here, with this visitor's builds of the remotes.
    const outcome = parsed ? await renderer.render({ url: req.url ?? '/', config: parsed }) : { kind: 'browser' };
    const rendered = outcome.kind === 'rendered' ? outcome.page : null;
    return {
      status: rendered?.status ?? 200,
      headers: {
        ...securityHeaders({ origins, nonce }),
        ...perVisitor,
        ...(setCookie ? { 'Set-Cookie': setCookie } : {}),
        'X-Store-Render': renderHeader(outcome),
      },
      transform: (html) => {
        const page = addFirstVisitHints({ html, config });
        return addNonce(rendered ? writeRenderedPage(page, rendered) : page, nonce);
      },
    };
  };
  return { remotesConfig, shellPage, rendering: renderer.available };
}
