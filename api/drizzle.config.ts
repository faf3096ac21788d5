import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/modules/releases/schema.ts',
    './src/modules/search/schema.ts',
    './src/modules/support/schema.ts',
  ],
  out: './src/db/migrations',
});
