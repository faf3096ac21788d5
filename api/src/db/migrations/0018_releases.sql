-- Releases of remotes (issue 28): keys per remote, the releases teams publish, what each remote runs
-- (stable and canary), what the shells report of them, and who did what.
CREATE TABLE release_keys (
  id serial PRIMARY KEY,
  remote text NOT NULL,
  label text NOT NULL,
  -- sha256 of the key, hex: the key itself is shown once and never stored.
  key_hash text NOT NULL UNIQUE,
  key_prefix text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  last_used_at timestamptz
);
--> statement-breakpoint
CREATE TABLE releases (
  id serial PRIMARY KEY,
  remote text NOT NULL,
  build_id text NOT NULL,
  version text NOT NULL,
  git_commit text NOT NULL DEFAULT '',
  entry text NOT NULL,
  shared jsonb NOT NULL DEFAULT '[]'::jsonb,
  exposes jsonb NOT NULL DEFAULT '[]'::jsonb,
  notes text NOT NULL DEFAULT '',
  published_by text NOT NULL,
  -- 'ready' (passed the gate) or 'refused' (reasons say why).
  status text NOT NULL,
  reasons jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (remote, build_id)
);
--> statement-breakpoint
-- One row per remote that has ever been released: NULL stable_id is the store's own build of it.
CREATE TABLE release_rollouts (
  remote text PRIMARY KEY,
  stable_id integer REFERENCES releases (id),
  previous_stable_id integer REFERENCES releases (id),
  has_previous boolean NOT NULL DEFAULT false,
  canary_id integer REFERENCES releases (id),
  canary_percent integer NOT NULL DEFAULT 0 CHECK (canary_percent BETWEEN 0 AND 100),
  canary_started_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE release_reports (
  id bigserial PRIMARY KEY,
  remote text NOT NULL,
  build_id text NOT NULL,
  -- 'load' (a page loaded the remote), 'load-error' (it could not), 'render-error' (a view threw).
  kind text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX release_reports_remote_at ON release_reports (remote, at);
--> statement-breakpoint
CREATE TABLE release_audit (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor text NOT NULL,
  action text NOT NULL,
  remote text NOT NULL,
  build_id text,
  detail text NOT NULL DEFAULT ''
);
