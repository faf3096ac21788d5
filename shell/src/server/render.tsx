import { Writable } from 'node:stream';
import type { ComponentType, ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import type { PageHead, RemoteName, RemotesConfig, RemoteViewProps } from '@store/contracts';
import { DEFAULT_BUILD } from '@store/contracts/federation';
import { configureHttp, createQueryClient, dehydrate } from '@store/http';
import { StaticRouter } from '@store/router/server';
import { categoriesQuery } from '@store/shopper';
import { renderWholePages } from '@store/ui';
import { App } from '../app/App';
import { routeView } from '../app/remotes/earlyRemote';
import { wrapRemoteView } from '../app/remotes/loadRemoteView';
import { parseRemotesConfig } from '../app/remotes/remotesConfig';
import { ServerViewsContext } from '../app/remotes/RemoteView';
import { SERVER_STATE_ID, type ServerState } from '../app/serverState';
import { contentPages, contentQuery } from '../pages/content/pages';
import { contentSlugs, type ContentSlug } from '../pages/content/slugs';
import { headTags, scriptJson, STORE_DESCRIPTION } from './head';
import { createRenderCache } from './renderCache';
import { serverEntryOf, serverModule } from './serverContainers';

/** A render that takes longer than this is abandoned: the page is rendered in the browser instead. */
const RENDER_TIMEOUT_MS = 5_000;

export interface RenderedPage {
  status: 200 | 404;
  /** Title, meta, canonical, JSON-LD and the styles of the rendered markup, for `<head>`. */
  head: string;
  /** The markup of `#root`. */
  root: string;
  /** The dehydrated query cache, as a JSON data block (nonce added by the caller). */
  state: string;
}

export type RenderOutcome =
  | { kind: 'rendered'; page: RenderedPage; cached?: boolean }
  /** A personal or signed-in screen (cart, account, admin, auth…): rendered in the browser. */
  | { kind: 'browser' }
  /** A remote's server build could not be loaded or threw: the page is rendered in the browser. */
  | { kind: 'fallback'; remote: RemoteName | 'shell'; error: unknown };

/** What the server renders: the catalog's pages, the content pages and the 404 page. */
type ServerRoute =
  | { kind: 'remote'; remote: 'catalog'; view: 'Home' | 'Products' }
  | { kind: 'content'; slug: ContentSlug }
  | { kind: 'not-found' };

const shellPaths = /^\/(auth|contact|handoff|categories)(\/|$)/;

export function serverRoute(pathname: string): ServerRoute | null {
  const view = routeView(pathname);
  if (view) return view.remote === 'catalog' ? { kind: 'remote', remote: 'catalog', view: view.view } : null;
  if (shellPaths.test(pathname)) return null;
  const slug = contentSlugs.find((s) => pathname.replace(/\/$/, '') === `/${s}`);
  return slug ? { kind: 'content', slug } : { kind: 'not-found' };
}

let publicOrigin = 'http://localhost';
let apiBase = 'http://127.0.0.1/api/';
let cache: ReturnType<typeof createRenderCache<RenderedPage>> | null = null;

/**
 * Once per process: requests go to the API on `apiUrl`; the URLs written into pages (media,
 * canonical) use `publicUrl`, never a request's Host header.
 */
export function configureRenderer(o: {
  apiUrl: string;
  publicUrl: string;
  /** Rendered pages kept (0: none); see renderCache.ts. */
  cacheEntries?: number;
  cacheTtlMs?: number;
}): void {
  publicOrigin = o.publicUrl.replace(/\/$/, '');
  apiBase = `${o.apiUrl.replace(/\/$/, '')}/api/`;
  configureHttp({ baseURL: apiBase, publicBaseURL: `${publicOrigin}/api/` });
  renderWholePages();
  const entries = o.cacheEntries ?? 500;
  cache = entries > 0 ? createRenderCache<RenderedPage>({ maxEntries: entries, ttlMs: o.cacheTtlMs ?? 60_000 }) : null;
}

/** The API's catalogue version (null when it does not answer: the page is then rendered, not kept). */
async function catalogVersion(): Promise<string | null> {
  try {
    const response = await fetch(`${apiBase}storefront/catalog-version`, { signal: AbortSignal.timeout(1000) });
    return response.ok ? ((await response.json()) as { version: string }).version : null;
  } catch {
    return null;
  }
}

/**
 * What a rendered page depends on besides its address: the catalogue's version and the build of the
 * remote that draws it (a visitor on a canary gets that build's HTML).
 */
function cacheKey(url: URL, route: ServerRoute, config: Partial<RemotesConfig>, version: string): string {
  const remote = route.kind === 'remote' ? config[route.remote] : undefined;
  const build = remote ? `${remote.build ?? DEFAULT_BUILD}@${serverEntryOf(remote.entry, publicOrigin)}` : 'shell';
  return `${version}|${build}|${url.pathname}${url.search}`;
}

/**
 * The nonce React writes on any script of its own: a placeholder, since a kept page is sent again with
 * another response's nonce (the store's server puts each response's own on every script).
 */
export const NONCE_PLACEHOLDER = 'STORE_NONCE';

function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let failure: unknown = null;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        clearTimeout(timer);
        if (failure) reject(failure);
        else resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      nonce: NONCE_PLACEHOLDER,
      // Every boundary inline, in place: none is sent as its fallback plus a script that swaps the
      // content in later (React's default past 12.8 kB), which a reader without JavaScript never sees.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      // The whole page at once (crawlers and link previews read it without running scripts).
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      // An error anywhere in the tree (a view that throws): the page goes to the browser instead.
      onError(error) {
        failure ??= error;
      },
    });
    const timer = setTimeout(
      () => stream.abort(new Error(`render took over ${RENDER_TIMEOUT_MS} ms`)),
      RENDER_TIMEOUT_MS,
    );
  });
}

/**
 * Renders the storefront page at `url` for a visitor with remote config `config`: the shell's frame
 * with the views of the remotes' server builds, with the data they loaded; or says why not.
 */
export async function renderPage(o: { url: string; config: unknown }): Promise<RenderOutcome> {
  const url = new URL(o.url, publicOrigin);
  const route = serverRoute(url.pathname);
  if (!route) return { kind: 'browser' };
  const config: Partial<RemotesConfig> = parseRemotesConfig(o.config);
  const version = cache ? await catalogVersion() : null;
  const key = version === null ? null : cacheKey(url, route, config, version);
  const kept = key ? cache?.get(key) : undefined;
  if (kept) return { kind: 'rendered', page: kept, cached: true };
  const outcome = await renderUncached(url, route, config);
  if (key && outcome.kind === 'rendered') cache?.set(key, outcome.page);
  return outcome;
}

async function renderUncached(url: URL, route: ServerRoute, config: Partial<RemotesConfig>): Promise<RenderOutcome> {
  const queryClient = createQueryClient();
  const views = new Map<string, ComponentType<RemoteViewProps>>();
  let notFoundAt: string | undefined;
  let status: 200 | 404 = 200;
  let head: PageHead = {
    title: null,
    description: STORE_DESCRIPTION,
    canonical: `${publicOrigin}${url.pathname}`,
    type: 'website',
    jsonLd: [],
  };
  // The frame's Categories menu.
  const categories = queryClient.prefetchQuery(categoriesQuery);
  let owner: RemoteName | 'shell' = 'shell';
  try {
    if (route.kind === 'remote') {
      owner = route.remote;
      const module = await serverModule(route.remote, config, publicOrigin);
      const page = await module.load({ url, queryClient, publicUrl: publicOrigin });
      status = page.status;
      head = page.head;
      const view = wrapRemoteView(route.remote, route.view, module);
      if (!view) throw new Error(`${route.remote}'s ./server has no view ${route.view}`);
      views.set(`${route.remote}/${route.view}`, view);
      if (status === 404) notFoundAt = url.pathname;
    } else if (route.kind === 'content') {
      head = { ...head, title: contentPages[route.slug].title };
      await queryClient.prefetchQuery(contentQuery(route.slug));
    } else {
      status = 404;
      head = { ...head, title: 'Page not found' };
    }
    await categories;
    const sheet = new ServerStyleSheet();
    try {
      const Router = ({ children }: { children: ReactNode }) => (
        <StaticRouter location={`${url.pathname}${url.search}`}>{children}</StaticRouter>
      );
      const root = await renderToHtml(
        sheet.collectStyles(
          <ServerViewsContext.Provider value={{ views, notFoundAt }}>
            <App client={queryClient} router={Router} />
          </ServerViewsContext.Provider>,
        ),
      );
      const state = `<script type="application/json" id="${SERVER_STATE_ID}">${scriptJson({
        queries: dehydrate(queryClient),
        notFoundAt,
      } satisfies ServerState)}</script>`;
      return {
        kind: 'rendered',
        page: { status, head: `${headTags(head)}\n    ${sheet.getStyleTags()}`, root, state },
      };
    } finally {
      sheet.seal();
    }
  } catch (error) {
    return { kind: 'fallback', remote: owner, error };
  } finally {
    queryClient.clear();
  }
}
