// What a simulated shopper sends at checkout and how it reads a cart.
export function checkoutBody() {
  return {
    address: {
      full_name: 'Load Shopper',
      street: '1 Test Street',
      city: 'Testville',
      postal_code: '12345',
      country: 'US',
      phone: '+1 555 0100 200',
    },
    delivery_method: 'STANDARD',
    payment_method: 'PAY_LATER',
  };
}

export function linesOf(cart) {
  return Object.fromEntries((cart?.cart_items ?? []).map((l) => [`${l.product.id}:${l.variant.id}`, l.quantity]));
}
