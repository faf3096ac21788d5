import {
  canarySchema,
  createdReleaseKeySchema,
  createReleaseKeySchema,
  errorSchema,
  pinSchema,
  releaseKeySchema,
  releasesOverviewSchema,
  remoteNameSchema,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../../lib/auth';
import { createKey, listKeys, revokeKey } from '../../releases/keys';
import { overview } from '../../releases/overview';
import { pin, promote, rollBack, startCanary } from '../../releases/rollouts';
import { errors, params, security, tags } from '../shared';

const remoteParams = z.object({ remote: remoteNameSchema });
const done = z.object({ detail: z.string() });
const withConflict = { ...errors, 409: errorSchema };

/**
 * /api/admin/releases: the Releases screen. Keys for remote teams, the live builds with their
 * watch figures and history, and the canary, promote, roll back and pin actions (each audited).
 */
const releaseAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings, live } = app.releases;
  // Every change here is seen by this process's next remotes.json at once.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET') live.forget();
    return payload;
  });
  const actor = (request: Parameters<typeof currentUser>[0]) =>
    request.account?.email ?? `user ${currentUser(request).id}`;

  app.get(
    '/releases',
    {
      schema: {
        tags,
        security,
        summary: 'Per remote: live builds, last hour, history; the audit log',
        response: { 200: releasesOverviewSchema, ...errors },
      },
    },
    async () => overview(app.db, settings),
  );
  app.get(
    '/releases/keys',
    {
      schema: {
        tags,
        security,
        summary: 'Release keys (never the keys themselves)',
        response: { 200: z.array(releaseKeySchema), ...errors },
      },
    },
    async () => listKeys(app.db),
  );
  app.post(
    '/releases/keys',
    {
      schema: {
        tags,
        security,
        summary: 'Create a release key for one remote: the answer shows it this once',
        body: createReleaseKeySchema,
        response: { 201: createdReleaseKeySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createKey(app.db, { ...request.body, actor: actor(request) })),
  );
  app.delete(
    '/releases/keys/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Revoke a release key',
        params,
        response: { 200: releaseKeySchema, ...errors },
      },
    },
    async (request) => revokeKey(app.db, request.params.id, actor(request)),
  );
  app.post(
    '/releases/:remote/canary',
    {
      schema: {
        tags,
        security,
        summary: 'Send a release to a share of visitors (1-100 %), sticky per visitor',
        params: remoteParams,
        body: canarySchema,
        response: { 200: done, ...withConflict },
      },
    },
    async (request) => {
      await startCanary(app.db, request.params.remote, {
        releaseId: request.body.release_id,
        percent: request.body.percent,
        actor: actor(request),
      });
      return { detail: 'Canary started.' };
    },
  );
  app.post(
    '/releases/:remote/promote',
    {
      schema: {
        tags,
        security,
        summary: 'Promote the canary to every visitor',
        params: remoteParams,
        response: { 200: done, ...withConflict },
      },
    },
    async (request) => {
      await promote(app.db, request.params.remote, actor(request));
      return { detail: 'Promoted.' };
    },
  );
  app.post(
    '/releases/:remote/rollback',
    {
      schema: {
        tags,
        security,
        summary: 'End the canary, or without one go back to the previous stable build',
        params: remoteParams,
        response: { 200: done, ...withConflict },
      },
    },
    async (request) => {
      await rollBack(app.db, request.params.remote, actor(request));
      return { detail: 'Rolled back.' };
    },
  );
  app.post(
    '/releases/:remote/pin',
    {
      schema: {
        tags,
        security,
        summary: "Make one release (null: the store's own build) the stable build for everyone",
        params: remoteParams,
        body: pinSchema,
        response: { 200: done, ...withConflict },
      },
    },
    async (request) => {
      await pin(app.db, request.params.remote, { releaseId: request.body.release_id, actor: actor(request) });
      return { detail: 'Pinned.' };
    },
  );
};

export default releaseAdminRoutes;
