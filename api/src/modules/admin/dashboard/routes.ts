import { adminDashboardSchema } from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, security, tags } from '../shared';
import { dashboard } from './service';

/** /api/admin/dashboard */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    { schema: { tags, security, summary: 'Dashboard figures', response: { 200: adminDashboardSchema, ...errors } } },
    async () => dashboard(app.db),
  );
};

export default dashboardRoutes;
