/**
 * embed.js: the one script an integrator's page loads (`<script type="module" src="{store}/embed.js">`).
 * It defines `<store-products>` and `<store-product>`; the first element to connect loads the catalog
 * remote through the official federation runtime (the remote's own mf-runtime-core.js, then its
 * manifest, remoteEntry.js and `./embed`), once for the page; each element renders in its own shadow
 * root. See mf-catalog/README.md ("Embedding for integrators").
 */

import type { StoreElementMount, StoreElementOptions } from '@store/contracts/embed-element';

type ElementOptions = StoreElementOptions;
type CatalogEmbed = StoreElementMount;

interface FederationRuntimeCore {
  ModuleFederation: new (options: {
    name: string;
    remotes: { name: string; entry: string }[];
    shared: Record<string, never>;
  }) => { loadRemote<T>(id: string): Promise<T | null> };
}

declare global {
  var _FEDERATION_RUNTIME_CORE: FederationRuntimeCore | undefined;
}

/** The store this script came from: its remote config, its catalog and its API. */
const storeUrl = new URL('.', import.meta.url).href.replace(/\/$/, '');

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.crossOrigin = 'anonymous';
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.appendChild(script);
  });
}

let catalog: Promise<CatalogEmbed> | null = null;

/** The catalog's `./embed`, loaded once for the page (a failure lets the next element try again). */
function loadCatalog(): Promise<CatalogEmbed> {
  catalog ??= (async () => {
    const response = await fetch(`${storeUrl}/remotes.json`);
    if (!response.ok) throw new Error(`${storeUrl}/remotes.json answered ${response.status}`);
    const config = (await response.json()) as { catalog?: { entry?: string } };
    const manifest = config.catalog?.entry;
    if (!manifest) throw new Error(`${storeUrl}/remotes.json names no catalog`);
    if (!globalThis._FEDERATION_RUNTIME_CORE) await loadScript(new URL('mf-runtime-core.js', manifest).href);
    const runtime = globalThis._FEDERATION_RUNTIME_CORE;
    if (!runtime) throw new Error('the federation runtime did not load');
    const federation = new runtime.ModuleFederation({
      name: 'store_embed',
      remotes: [{ name: 'catalog', entry: manifest }],
      shared: {},
    });
    const embed = await federation.loadRemote<CatalogEmbed>('catalog/embed');
    if (!embed?.mountElement) throw new Error('the catalog does not expose mountElement');
    return embed;
  })();
  catalog.catch(() => {
    catalog = null;
  });
  return catalog;
}

// Before the catalog (and its theme) is there: the page's own --store-… values, else the store's.
const hostStyle =
  ':host{display:block}[part=message]{margin:0;padding:var(--store-spacing,1rem);' +
  'border:1px solid var(--store-color-border,#e2e8f0);border-radius:var(--store-radius-md,8px);' +
  'font-family:var(--store-font-body,system-ui,sans-serif);color:var(--store-color-text-muted,#5b6474)}';

abstract class StoreElement extends HTMLElement {
  static observedAttributes = ['key', 'category', 'search', 'limit', 'sort', 'product-id'];
  protected abstract view: 'products' | 'product';
  #root: ShadowRoot | null = null;
  #handle: ReturnType<CatalogEmbed['mountElement']> | null = null;

  #options(): ElementOptions {
    const number = (name: string) => {
      const value = Number(this.getAttribute(name));
      return Number.isFinite(value) && value > 0 ? value : undefined;
    };
    return {
      host: this,
      tag: `<${this.localName}>`,
      storeUrl,
      key: this.getAttribute('key') ?? '',
      view: this.view,
      category: this.getAttribute('category') ?? undefined,
      search: this.getAttribute('search') ?? undefined,
      sort: this.getAttribute('sort') ?? undefined,
      limit: number('limit'),
      productId: number('product-id'),
    };
  }

  #message(text: string) {
    const root = this.#root!;
    root.querySelector('[part=message]')?.remove();
    const p = document.createElement('p');
    p.setAttribute('part', 'message');
    p.textContent = text;
    root.appendChild(p);
  }

  connectedCallback() {
    if (!this.#root) {
      this.#root = this.attachShadow({ mode: 'open' });
      const style = document.createElement('style');
      style.textContent = hostStyle;
      this.#root.appendChild(style);
    }
    if (this.#handle) return;
    if (!this.getAttribute('key')) {
      console.error(`<${this.localName}>: no key attribute. Ask the store's admin for a key (Admin → Integrations).`);
    }
    loadCatalog().then(
      (embed) => {
        if (!this.isConnected || this.#handle) return;
        this.#root!.querySelector('[part=message]')?.remove();
        this.#handle = embed.mountElement(this.#root!, this.#options());
      },
      (error: unknown) => {
        if (!this.isConnected) return;
        this.#message('The store cannot be reached right now.');
        console.error(
          `<${this.localName}>: the store's catalog could not be loaded from ${storeUrl} (${(error as Error).message}). Check that the store is up and that embed.js is loaded from it.`,
        );
      },
    );
  }

  attributeChangedCallback() {
    this.#handle?.update(this.#options());
  }

  disconnectedCallback() {
    this.#handle?.unmount();
    this.#handle = null;
  }
}

class StoreProductsElement extends StoreElement {
  protected view = 'products' as const;
}

class StoreProductElement extends StoreElement {
  protected view = 'product' as const;
}

if (!customElements.get('store-products')) customElements.define('store-products', StoreProductsElement);
if (!customElements.get('store-product')) customElements.define('store-product', StoreProductElement);

export {};
