// jsdom has no TextEncoder/TextDecoder; react-router 7 needs them at import time.
const util = require('node:util');

globalThis.TextEncoder ??= util.TextEncoder;
globalThis.TextDecoder ??= util.TextDecoder;
