// node --test scripts/lib/docs.test.mjs (part of pnpm test:unit)
// The docs rule (CONVENTIONS.md): READMEs short, decisions in docs/decisions, links that lead somewhere.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const decisions = path.join(root, 'docs/decisions');

/** Every README.md of the workspace and every decision record (no dependencies, no build output). */
function markdownFiles() {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || ['node_modules', 'dist', 'test-results'].includes(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'README.md' || path.dirname(full) === decisions) found.push(full);
    }
  };
  walk(root);
  return found;
}

test('api/README.md stays at most 300 lines', () => {
  const lines = fs.readFileSync(path.join(root, 'api/README.md'), 'utf8').trimEnd().split('\n').length;
  assert.ok(lines <= 300, `api/README.md has ${lines} lines; move decisions and figures to docs/decisions`);
});

test('the decisions index lists every decision record', () => {
  const index = fs.readFileSync(path.join(decisions, 'README.md'), 'utf8');
  const records = fs.readdirSync(decisions).filter((name) => /^\d{4}-.*\.md$/.test(name));
  assert.ok(records.length > 0);
  const missing = records.filter((name) => !index.includes(`(${name})`));
  assert.deepEqual(missing, [], 'add these to docs/decisions/README.md');
});

test('relative links in READMEs and decision records lead to files that exist', () => {
  const broken = [];
  for (const file of markdownFiles()) {
    // Code blocks and inline code are examples, not links.
    const text = fs
      .readFileSync(file, 'utf8')
      .replace(/```[\s\S]*?```/g, '')
      .replace(/`[^`\n]*`/g, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:|^#/.test(target)) continue;
      const local = decodeURIComponent(target.split('#')[0]);
      if (!fs.existsSync(path.resolve(path.dirname(file), local))) {
        broken.push(`${path.relative(root, file)} → ${target}`);
      }
    }
  }
  assert.deepEqual(broken, []);
});
