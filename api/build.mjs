// Production build: one ESM bundle in dist/ (workspace @store/* packages are TypeScript source, so they
// are bundled; npm dependencies stay external), plus the SQL migrations next to it for the migrator.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { build } from 'esbuild';

const require = createRequire(import.meta.url);

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, 'dist');
fs.rmSync(dist, { recursive: true, force: true });

await build({
  entryPoints: {
    server: path.join(root, 'src/server.ts'),
    // The first administrator of a production store (no demo accounts there).
    'create-admin': path.join(root, 'src/cli/createAdmin.ts'),
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  // ...except the workspace packages, which ship as TypeScript source.
  plugins: [
    {
      name: 'bundle-workspace-packages',
      setup(b) {
        b.onResolve({ filter: /^@store\// }, (args) => ({
          path: require.resolve(args.path, { paths: [args.resolveDir] }),
        }));
      },
    },
  ],
  logLevel: 'info',
});

fs.cpSync(path.join(root, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
// The repeatable migrations (src/db/repeatable.ts): each module's R__*.sql, side by side.
fs.mkdirSync(path.join(dist, 'repeatable'));
for (const module of fs.readdirSync(path.join(root, 'src/modules'))) {
  const dir = path.join(root, 'src/modules', module);
  if (!fs.statSync(dir).isDirectory()) continue;
  for (const file of fs.readdirSync(dir).filter((f) => /^R__[\w-]+\.sql$/.test(f))) {
    fs.copyFileSync(path.join(dir, file), path.join(dist, 'repeatable', file));
  }
}
console.log('api: dist/server.js, dist/create-admin.js, dist/migrations and dist/repeatable written');
