// The security headers of the storefront's HTML: one place that builds them, used by the shell's
// server (serve-store.mjs) and printable for a CDN in front (`node scripts/lib/security-headers.mjs`).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

/** A fresh nonce for one response: 128 random bits. */
export function createNonce() {
  return crypto.randomBytes(16).toString('base64');
}

/**
 * The origins of the remotes in a runtime remote config (`{ catalog: { entry: "https://…/mf-manifest.json" } }`):
 * their manifests, entries, chunks and images are loaded from there. Anything that is not an http(s)
 * URL is left out, so a broken config can only narrow the policy.
 *
 * @param {unknown} config
 * @returns {string[]}
 */
export function remoteOrigins(config) {
  const origins = new Set();
  if (config && typeof config === 'object') {
    for (const remote of Object.values(config)) {
      try {
        const url = new URL(remote?.entry);
        if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
      } catch {
        // not a URL: not an origin to allow
      }
    }
  }
  return [...origins].sort();
}

/**
 * @param {object} o
 * @param {string[]} o.origins the remotes' origins
 * @param {string} [o.nonce] allows inline scripts (and only those) that carry it
 */
export function contentSecurityPolicy({ origins, nonce }) {
  const remotes = origins.join(' ');
  const list = (...sources) => sources.filter(Boolean).join(' ');
  return [
    `default-src 'self'`,
    // No 'unsafe-inline' and no 'unsafe-eval': scripts come from the shell, the remotes, or carry the nonce.
    `script-src ${list(`'self'`, nonce && `'nonce-${nonce}'`, remotes)}`,
    // styled-components and react-hot-toast insert <style> elements at run time, from code shared by
    // every remote and by integrators' embeds, which cannot all be given this response's nonce; CSS
    // cannot run script, so inline styles stay allowed and the guard is on scripts.
    `style-src 'self' 'unsafe-inline'`,
    `connect-src ${list(`'self'`, remotes)}`,
    `img-src ${list(`'self'`, 'data:', remotes)}`,
    `font-src ${list(`'self'`, remotes)}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    // The store is never framed (the integrators' embed is a script, not a frame): no clickjacking.
    `frame-ancestors 'none'`,
  ].join('; ');
}

/**
 * Every header the storefront's HTML carries.
 *
 * @param {object} o
 * @param {string[]} o.origins the remotes' origins
 * @param {string} [o.nonce]
 * @returns {Record<string, string>}
 */
export function securityHeaders({ origins, nonce }) {
  return {
    'Content-Security-Policy': contentSecurityPolicy({ origins, nonce }),
    // Reset links carry a token in the path: other origins get at most the origin.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    // frame-ancestors for browsers that predate it.
    'X-Frame-Options': 'DENY',
  };
}

/** Gives every <script> element of a page the response's nonce (inline ones run only with it). */
export function addNonce(html, nonce) {
  return html.replace(/<script\b(?![^>]*\snonce=)/gi, `<script nonce="${nonce}"`);
}

// CLI: the headers for a CDN in front, from a remotes.json (path argument) or the default remotes.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2];
  const config = file ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
  const origins = config
    ? remoteOrigins(config)
    : [1, 2, 3, 4].map((n) => `http://localhost:${Number(process.env.STORE_PORT ?? 3000) + n}`);
  for (const [name, value] of Object.entries(securityHeaders({ origins }))) process.stdout.write(`${name}: ${value}\n`);
}
