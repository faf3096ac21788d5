import { Writable } from 'node:stream';
import type { ComponentType, ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import type { PageHead, RemoteName, RemotesConfig, RemoteViewProps } from '@store/contracts';
import { configureHttp, createQueryClient, dehydrate } from '@store/http';
import { StaticRouter } from '@store/router/server';
import { categoriesQuery } from '@store/shopper';
import { renderWholePages } from '@store/ui';
import { App } from '../app/App';
import { routeView } from '../app/remotes/earlyRemote';
import { wrapRemoteView } from '../app/remotes/loadRemoteView';
import { parseRemotesConfig } from '../app/remotes/remotesConfig';
import { ServerViewsContext } from '../app/remotes/RemoteView';
import { SERVER_STATE_ID } from '../app/serverState';
import { contentPages, contentQuery } from '../pages/content/pages';
import { contentSlugs, type ContentSlug } from '../pages/content/slugs';
import { headTags, scriptJson, STORE_DESCRIPTION } from './head';
import { serverModule } from './serverContainers';

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
  | { kind: 'rendered'; page: RenderedPage }
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

/**
 * Once per process: requests go to the API on `apiUrl`; the URLs written into pages (media,
 * canonical) use `publicUrl`, never a request's Host header.
 */
export function configureRenderer(o: { apiUrl: string; publicUrl: string }): void {
  publicOrigin = o.publicUrl.replace(/\/$/, '');
  configureHttp({ baseURL: `${o.apiUrl.replace(/\/$/, '')}/api/`, publicBaseURL: `${publicOrigin}/api/` });
  renderWholePages();
}

function renderToHtml(element: ReactNode, nonce: string): Promise<string> {
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
      nonce,
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
export async function renderPage(o: { url: string; config: unknown; nonce: string }): Promise<RenderOutcome> {
  const url = new URL(o.url, publicOrigin);
  const route = serverRoute(url.pathname);
  if (!route) return { kind: 'browser' };
  const config: Partial<RemotesConfig> = parseRemotesConfig(o.config);
  const queryClient = createQueryClient();
  const views = new Map<string, ComponentType<RemoteViewProps>>();
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
      const module = await serverModule(route.remote, config);
      const page = await module.load({ url, queryClient, publicUrl: publicOrigin });
      status = page.status;
      head = page.head;
      const view = wrapRemoteView(route.remote, route.view, module);
      if (!view) throw new Error(`${route.remote}'s ./server has no view ${route.view}`);
      views.set(`${route.remote}/${route.view}`, view);
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
          <ServerViewsContext.Provider value={views}>
            <App client={queryClient} router={Router} />
          </ServerViewsContext.Provider>,
        ),
        o.nonce,
      );
      const state = `<script type="application/json" id="${SERVER_STATE_ID}">${scriptJson(dehydrate(queryClient))}</script>`;
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
