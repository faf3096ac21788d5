// jsdom has no TextEncoder/TextDecoder, which react-router needs as soon as it loads.
const util = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextDecoder: util.TextDecoder, TextEncoder: util.TextEncoder });
}
