/**
 * What starts when a visitor shows they are about to open a product (the pointer enters its card, the
 * card's link gets focus or a touch): set by the catalog's `./routes` module to start the product
 * page's chunk and the product's query, so the click finds both on their way or there (issue 10's
 * list → product navigation). A card cannot import the page itself: the page shows cards.
 */
let start: (productId: number) => void = () => {};

export function onProductIntent(handler: (productId: number) => void): void {
  start = handler;
}

export function productIntent(productId: number): void {
  start(productId);
}
