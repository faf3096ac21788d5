import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import {
  errorSchema,
  publishReleaseSchema,
  releaseReportSchema,
  releaseSchema,
  remoteNameSchema,
  type RemoteName,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, conflict } from '../../lib/errors';
import { useKey } from './keys';
import { configFor } from './live';
import { buildDir, isReleased, publish } from './publishing';
import { judgeCanaries, report } from './reports';

/** The visitor cookie: which build of each remote a visitor gets is decided by it (sticky canary). */
export const VISITOR_COOKIE = 'store_visitor';
const JUDGE_EVERY_MS = 15_000;
const MAX_BUILD_BYTES = 50 * 1024 * 1024;

const visitorOf = (cookie: string | undefined) => {
  const match = /(?:^|;\s*)store_visitor=([\w-]{8,64})/.exec(cookie ?? '');
  return match?.[1];
};

const remoteParams = z.object({ remote: remoteNameSchema });
const tags = ['releases'];

/**
 * /api/releases: what remote teams and the storefront call. Publishing takes a release key for that
 * one remote (`X-Release-Key`); the per-visitor remote config and the shells' reports are public.
 * The admin's side is /api/admin/releases.
 */
const releaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings, live } = app.releases;
  await app.register(multipart, { limits: { fileSize: MAX_BUILD_BYTES, files: 2000, fields: 10 } });

  const judge = (remote?: RemoteName) =>
    judgeCanaries(app.db, settings, remote)
      .then((rolledBack) => rolledBack.length && live.forget())
      .catch((error: unknown) => app.log.warn({ error }, 'canary check'));
  const timer = setInterval(() => void judge(), JUDGE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.post(
    '/:remote',
    {
      schema: {
        tags,
        summary:
          'Publish a build (multipart: the fields build_id, notes, git_commit, then each file of the build, named by its path); the gate decides',
        params: remoteParams,
        consumes: ['multipart/form-data'],
        headers: z.object({ 'x-release-key': z.string().optional() }),
        response: {
          201: releaseSchema,
          422: z.object({ detail: z.string(), release: releaseSchema }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { remote } = request.params;
      const actor = await useKey(app.db, request.headers['x-release-key'], remote, 'publish');
      if (!request.isMultipart()) throw badRequest('Send the build as multipart/form-data.');
      const staging = path.join(settings.dir, '.staging', crypto.randomUUID());
      const fields: Record<string, string> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
            continue;
          }
          const file = part.fieldname;
          const target = path.resolve(staging, file);
          if (!/^[\w.@-]+(\/[\w.@-]+)*$/.test(file) || file.split('/').includes('..') || !target.startsWith(staging)) {
            throw badRequest(`Not a path inside the build: ${file}`);
          }
          fs.mkdirSync(path.dirname(target), { recursive: true });
          fs.writeFileSync(target, await part.toBuffer());
        }
        const body = publishReleaseSchema.safeParse(fields);
        if (!body.success)
          throw badRequest(body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
        const { build_id: build, notes, git_commit: gitCommit } = body.data;
        const final = buildDir(settings, remote, build);
        // A build id is released once; files of an attempt that never registered may be replaced.
        if (fs.existsSync(final)) {
          if (await isReleased(app.db, remote, build)) throw conflict(`${remote} build ${build} is already released.`);
          fs.rmSync(final, { recursive: true, force: true });
        }
        fs.mkdirSync(path.dirname(final), { recursive: true });
        fs.renameSync(staging, final);
        const release = await publish(app.db, settings, { remote, build, notes, gitCommit, actor });
        if (release.status === 'refused') {
          return reply.code(422).send({ detail: `Refused: ${release.reasons.join('; ')}`, release });
        }
        return reply.code(201).send(release);
      } finally {
        fs.rmSync(staging, { recursive: true, force: true });
      }
    },
  );

  app.get(
    '/remotes.json',
    {
      schema: {
        tags,
        summary:
          "This visitor's remote config (the store_visitor cookie picks the canary builds); only remotes a release moved off the store's own build",
        response: { 200: z.record(z.string(), z.object({ entry: z.string(), build: z.string().optional() })) },
      },
    },
    async (request, reply) => {
      let visitor = visitorOf(request.headers.cookie);
      if (!visitor) {
        visitor = crypto.randomUUID();
        reply.header('Set-Cookie', `${VISITOR_COOKIE}=${visitor}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly`);
      }
      // Per visitor: never kept by a shared cache.
      reply.header('Cache-Control', 'private, no-store').header('Vary', 'Cookie');
      return { ...app.config.remotesBase, ...configFor(await live.read(app.db), visitor) };
    },
  );

  app.post(
    '/reports',
    {
      schema: {
        tags,
        summary: "The shell's report of a remote's load or failure (remote, build, kind)",
        body: releaseReportSchema,
        response: { 204: z.null(), 400: errorSchema },
      },
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await report(app.db, request.body);
      await judge(request.body.remote);
      return reply.code(204).send(null);
    },
  );
};

export default releaseRoutes;
