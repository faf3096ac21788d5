import { z } from 'zod';
import { remoteNames } from './federation';

/**
 * Releases of remotes (issue 28): what a team publishes, what the gate says, what each remote runs
 * (stable and canary) and what the shells report of it. Used by the API's validation and the admin's
 * Releases screen.
 */

export const remoteNameSchema = z.enum(remoteNames);
/** A build id: letters, digits, `.`, `_` and `-` (it is a folder name under /builds/<remote>/). */
export const buildIdSchema = z.string().regex(/^[\w.-]{1,80}$/, 'letters, digits, . _ - only (1-80)');
export const releaseReportKinds = ['load', 'load-error', 'render-error'] as const;
export const releaseReportSchema = z.object({
  remote: remoteNameSchema,
  build: buildIdSchema,
  kind: z.enum(releaseReportKinds),
});
export type ReleaseReport = z.infer<typeof releaseReportSchema>;

export const sharedDependencySchema = z.object({
  name: z.string(),
  version: z.string(),
  requiredVersion: z.string(),
  singleton: z.boolean(),
});

export const releaseSchema = z.object({
  id: z.number().int(),
  remote: remoteNameSchema,
  build_id: z.string(),
  version: z.string(),
  git_commit: z.string(),
  entry: z.string(),
  shared: z.array(sharedDependencySchema),
  exposes: z.array(z.string()),
  notes: z.string(),
  published_by: z.string(),
  status: z.enum(['ready', 'refused']),
  reasons: z.array(z.string()),
  created_at: z.string(),
});
export type Release = z.infer<typeof releaseSchema>;

export const publishReleaseSchema = z.object({
  build_id: buildIdSchema,
  notes: z.string().trim().max(2000).default(''),
  git_commit: z
    .string()
    .regex(/^[0-9a-f]{0,40}$/)
    .default(''),
});

export const releaseStatsSchema = z.object({
  build_id: z.string(),
  loads: z.number().int(),
  failures: z.number().int(),
  /** failures / loads, 0..1 (0 without loads). */
  failure_rate: z.number(),
});
export type ReleaseStats = z.infer<typeof releaseStatsSchema>;

export const liveBuildSchema = z.object({
  role: z.enum(['stable', 'canary']),
  build_id: z.string(),
  release_id: z.number().int().nullable(),
  /** Share of visitors on this build, in percent. */
  share: z.number().int(),
  stats: releaseStatsSchema,
});

export const releaseAuditSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  remote: z.string(),
  build_id: z.string().nullable(),
  detail: z.string(),
});
export type ReleaseAudit = z.infer<typeof releaseAuditSchema>;

export const remoteReleasesSchema = z.object({
  remote: remoteNameSchema,
  live: z.array(liveBuildSchema),
  can_roll_back: z.boolean(),
  releases: z.array(releaseSchema),
});
export type RemoteReleases = z.infer<typeof remoteReleasesSchema>;

export const releasesOverviewSchema = z.object({
  remotes: z.array(remoteReleasesSchema),
  audit: z.array(releaseAuditSchema),
  rollback_rule: z.object({ min_loads: z.number().int(), margin: z.number() }),
});
export type ReleasesOverview = z.infer<typeof releasesOverviewSchema>;

export const canarySchema = z.object({
  release_id: z.number().int(),
  percent: z.number().int().min(1, 'From 1 to 100').max(100, 'From 1 to 100'),
});
export const pinSchema = z.object({ release_id: z.number().int().nullable() });

export const releaseKeySchema = z.object({
  id: z.number().int(),
  remote: remoteNameSchema,
  label: z.string(),
  key_prefix: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type ReleaseKey = z.infer<typeof releaseKeySchema>;
export const createReleaseKeySchema = z.object({
  remote: remoteNameSchema,
  label: z.string().trim().min(1, 'Please name the key.').max(100),
});
/** The answer to creating a key: the key itself, shown this once. */
export const createdReleaseKeySchema = releaseKeySchema.extend({ key: z.string() });
