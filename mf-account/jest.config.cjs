const preset = require('../jest.preset.cjs')();

module.exports = {
  ...preset,
  // Before the test framework: react-router reads TextEncoder when it is imported.
  setupFiles: [...(preset.setupFiles ?? []), '<rootDir>/jest.polyfills.cjs'],
};
