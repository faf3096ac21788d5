-- Usernames become unique whatever their case (issue 11.9). Accounts that already share one keep the
-- oldest account's name; each later one gets its id appended ('tester' -> 'tester-42'), so the index
-- can be built on any existing database.
UPDATE "users" AS "u" SET "username" = "u"."username" || '-' || "u"."id"
WHERE EXISTS (
  SELECT 1 FROM "users" AS "o" WHERE lower("o"."username") = lower("u"."username") AND "o"."id" < "u"."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));
