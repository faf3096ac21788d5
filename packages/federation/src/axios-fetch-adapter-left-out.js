// Stands in for axios's fetch adapter (axios/lib/adapters/fetch.js) in the store's production builds:
// @store/http sends through XMLHttpRequest (its HTTP_ADAPTER, 'xhr'), so the fetch adapter (about
// 40 KB of code with its helpers) is left out. Anything that selects it fails loudly, here, rather
// than silently falling back to another adapter. See packages/http/README.md.
export const LEFT_OUT_MESSAGE =
  "axios's fetch adapter is left out of the store's builds (@store/http sends with 'xhr'; " +
  'see packages/http/README.md)';

export const getFetch = () => {
  throw new Error(LEFT_OUT_MESSAGE);
};

export default function fetchAdapterLeftOut() {
  throw new Error(LEFT_OUT_MESSAGE);
}
