// jsdom has no TextEncoder/TextDecoder, which react-router needs as soon as it loads.
const util = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextDecoder: util.TextDecoder, TextEncoder: util.TextEncoder });
}

// jsdom 26's XMLHttpRequest does not clear a request's timeout timer when the request fails (its
// 'error' path skips the clearTimeout its other paths do), so a test whose request to a closed test
// server failed held the jest process open for the whole timeout (@store/http's 20 s) after the run.
// Setting `timeout` once the request has ended clears that timer (jsdom's setter does).
if (typeof XMLHttpRequest !== 'undefined') {
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function sendAndClearTimeoutAtEnd(...args) {
    this.addEventListener('loadend', () => {
      this.timeout = 0;
    });
    return send.apply(this, args);
  };
}
