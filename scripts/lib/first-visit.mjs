// What the shell's server writes into each page so that a first visit does not wait on a chain of
// requests (issue 10): the runtime remote config inlined, so there is no /remotes.json round trip
// before the first remote can load.
//
// Not written here: <link rel="preload"> for the route's remote (manifest, remoteEntry.js, the
// exposed chunk). Tried: the downloads started about 600 ms earlier, but e2e/remotes.spec.ts 'one
// remote down' failed: after the remote came back, Try again still showed the notice (Chromium
// hands an unused failed preload to the retry's request). The shell's entry starts that chain
// itself instead, preloading nothing before the manifest answered (shell/src/app/remotes/earlyRemote.ts).

const escapeJson = (json) => json.replace(/</g, '\\u003c');

/**
 * @param {object} o
 * @param {string} o.html the shell's index.html
 * @param {string} o.config the runtime remote config (JSON text)
 */
export function addFirstVisitHints({ html, config }) {
  let parsed;
  try {
    parsed = JSON.parse(config);
  } catch {
    return html; // the shell fetches /remotes.json itself and shows what it can
  }
  const block = `<script type="application/json" id="store-remotes">${escapeJson(JSON.stringify(parsed))}</script>`;
  return html.replace(/<link[^>]*href="?\/remotes\.json"?[^>]*>/, '').replace('</head>', `    ${block}\n  </head>`);
}
