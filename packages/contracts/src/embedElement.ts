// Browser-only types (DOM): a subpath of their own, so the API's build never reads them.
/** What a `<store-products>` or `<store-product>` element asks for, from its attributes (embed.js → mf-catalog `./embed`). */
export interface StoreElementOptions {
  /** The element itself: the events are dispatched on it. */
  host: HTMLElement;
  /** The element's tag, for the console's messages. */
  tag: string;
  storeUrl: string;
  key: string;
  view: 'products' | 'product';
  category?: string;
  search?: string;
  sort?: string;
  limit?: number;
  productId?: number;
}

/** What mf-catalog's `./embed` gives embed.js for each element. */
export interface StoreElementMount {
  mountElement(
    shadowRoot: ShadowRoot,
    options: StoreElementOptions,
  ): { update(options: StoreElementOptions): void; unmount(): void };
}
