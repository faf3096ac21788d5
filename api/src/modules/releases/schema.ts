import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

// The releases module's tables (migration 0018; the module reads and writes them in SQL: service.ts).
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A remote team's key: its sha256 only (the key is shown once), for one remote. */
export const releaseKeys = pgTable('release_keys', {
  id: serial('id').primaryKey(),
  remote: text('remote').notNull(),
  label: text('label').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  keyPrefix: text('key_prefix').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  revokedAt: at('revoked_at'),
  lastUsedAt: at('last_used_at'),
});

/** A published build of a remote, with what its manifest says and the gate's answer ('ready' or 'refused'). */
export const releases = pgTable(
  'releases',
  {
    id: serial('id').primaryKey(),
    remote: text('remote').notNull(),
    buildId: text('build_id').notNull(),
    version: text('version').notNull(),
    gitCommit: text('git_commit').notNull().default(''),
    entry: text('entry').notNull(),
    shared: jsonb('shared')
      .notNull()
      .default(sql`'[]'::jsonb`),
    exposes: jsonb('exposes')
      .notNull()
      .default(sql`'[]'::jsonb`),
    notes: text('notes').notNull().default(''),
    publishedBy: text('published_by').notNull(),
    status: text('status').notNull(),
    reasons: jsonb('reasons')
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.remote, t.buildId)],
);

/** Per remote: the stable build, the one before it, and a canary with its share of visitors. */
export const releaseRollouts = pgTable('release_rollouts', {
  remote: text('remote').primaryKey(),
  stableId: integer('stable_id').references(() => releases.id),
  previousStableId: integer('previous_stable_id').references(() => releases.id),
  hasPrevious: boolean('has_previous').notNull().default(false),
  canaryId: integer('canary_id').references(() => releases.id),
  canaryPercent: integer('canary_percent').notNull().default(0),
  canaryStartedAt: at('canary_started_at'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** The shell's reports: 'load', 'load-error', 'render-error' of a remote's build. */
export const releaseReports = pgTable(
  'release_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    remote: text('remote').notNull(),
    buildId: text('build_id').notNull(),
    kind: text('kind').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('release_reports_remote_at').on(t.remote, t.at)],
);

/** Who did what to which remote's releases, refusals included. */
export const releaseAudit = pgTable('release_audit', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: at('at').notNull().defaultNow(),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  remote: text('remote').notNull(),
  buildId: text('build_id'),
  detail: text('detail').notNull().default(''),
});
