// jsdom has no TextEncoder/TextDecoder; react-router creates one when its module loads.
const util = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder: util.TextEncoder, TextDecoder: util.TextDecoder });
}
