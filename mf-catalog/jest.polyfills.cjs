// jsdom has no TextEncoder/TextDecoder, which react-router needs as soon as it loads.
// (Belongs in the root jest.setup.cjs for every app; kept here until that file is changed.)
const util = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextDecoder: util.TextDecoder, TextEncoder: util.TextEncoder });
}
