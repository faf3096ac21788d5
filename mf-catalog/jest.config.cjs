const preset = require('../jest.preset.cjs')();

module.exports = { ...preset, setupFiles: [...(preset.setupFiles ?? []), '<rootDir>/jest.polyfills.cjs'] };
