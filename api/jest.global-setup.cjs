// Once per run: decides whether the PostgreSQL half of the API suites can run (127.0.0.1:5432, db
// `test`), then makes the migrated and seeded template databases the suites start from
// (src/test/template.ts; jest transforms what this requires).
const { Client } = require('pg');
const { createTemplates } = require('./src/test/template');

module.exports = async function globalSetup() {
  const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  process.env.TEST_DATABASE_URL = url;
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    process.env.API_TEST_PG = 'available';
  } catch (error) {
    process.env.API_TEST_PG = `unreachable (${error.message})`;
    console.warn(`\n[api tests] PostgreSQL half skipped: ${url} is ${process.env.API_TEST_PG}\n`);
  } finally {
    await client.end().catch(() => undefined);
  }
  await createTemplates({ postgres: process.env.API_TEST_PG === 'available' });
};
