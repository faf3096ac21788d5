import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticateAdmin } from '../../lib/auth';
import attributeRoutes from './attributes/routes';
import categoryRoutes from './categories/routes';
import customerRoutes from './customers/routes';
import integrationRoutes from './integrations/routes';
import dashboardRoutes from './dashboard/routes';
import orderRoutes from './orders/routes';
import payLaterRoutes from './pay-later/routes';
import productRoutes from './products/routes';
import releaseRoutes from './releases/routes';
import supportRoutes from './support/routes';

/**
 * /api/admin/*: every route behind one hook (401 without a token, 403 unless the role is ADMIN),
 * then one folder per resource, each with its routes and service. Each resource's plugin is
 * registered without a prefix of its own and writes its full path (`/products/:id`), so the folder
 * name and the URL segment stay the same word: `pay-later/` serves `/api/admin/pay-later`.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticateAdmin);
  await app.register(dashboardRoutes);
  await app.register(productRoutes);
  await app.register(attributeRoutes);
  await app.register(categoryRoutes);
  await app.register(customerRoutes);
  await app.register(orderRoutes);
  await app.register(payLaterRoutes);
  await app.register(supportRoutes);
  await app.register(releaseRoutes);
  await app.register(integrationRoutes);
};

export default adminRoutes;
