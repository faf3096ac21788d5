const preset = require('../jest.preset.cjs')({ environment: 'node' });

// Dependencies that ship ESM only (jose; cookie and content-disposition via light-my-request and
// @fastify/static) or import() node built-ins from CommonJS (PGlite): swc turns them into CommonJS.
const transformed = ['jose', 'cookie', 'content-disposition', '@electric-sql\\+pglite', '@electric-sql/pglite'];

module.exports = {
  ...preset,
  // PGlite's CommonJS build is index.cjs: run it through the same swc transform.
  transform: { ...preset.transform, '^.+\\.cjs$': Object.values(preset.transform)[0] },
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/)?(${transformed.join('|')})[@/])`],
  globalSetup: '<rootDir>/jest.global-setup.cjs',
  globalTeardown: '<rootDir>/jest.global-teardown.cjs',
  testTimeout: 60_000,
  // Every suite passes, then something left open (seen after the Redis/PostgreSQL outage and MailDev
  // suites landed) kept the process at 100 % CPU for 20+ minutes. Until that handle is found
  // (`npx jest --detectOpenHandles`), jest exits when the run is over.
  forceExit: true,
};
