const preset = require('../jest.preset.cjs')();

module.exports = {
  ...preset,
  // jsdom lacks TextEncoder/TextDecoder, which react-router needs when it loads.
  setupFiles: [...(preset.setupFiles ?? []), require.resolve('./jest.polyfills.cjs')],
};
