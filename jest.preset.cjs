// One jest setup for every workspace package: swc transpiles TS/TSX (no type-checking: tsc does that).
const path = require('node:path');

/** @param {{ environment?: 'jsdom' | 'node' }} [options] */
module.exports = function jestPreset(options = {}) {
  return {
    testEnvironment: options.environment ?? 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    // Above the 10 s that findBy… may wait (jest.setup.cjs); the API's suites set their own.
    testTimeout: 30_000,
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
      // Markdown content is imported as its text, as webpack's asset/source does.
      '^.+\\.md$': path.join(__dirname, 'jest.text-transform.cjs'),
    },
    // jsdom lacks what some libraries need at import time (react-router: TextEncoder).
    setupFiles: options.environment === 'node' ? [] : [path.join(__dirname, 'jest.polyfills.cjs')],
    setupFilesAfterEnv: options.environment === 'node' ? [] : [path.join(__dirname, 'jest.setup.cjs')],
    moduleNameMapper: { '\\.(css|svg|png)$': path.join(__dirname, 'jest.file-stub.cjs') },
  };
};
