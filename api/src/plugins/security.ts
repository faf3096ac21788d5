import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The headers @fastify/helmet sets with this API's policy, captured from a throwaway instance. */
async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, {
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'none'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'unsafe-inline'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  probe.get('/', async () => 'ok');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const skip = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(
    Object.entries(res.headers).flatMap(([name, value]) =>
      skip.has(name) || value === undefined ? [] : [[name, String(value)]],
    ),
  );
}

export interface SecurityOptions {
  /** The store's own origins (CORS_ORIGINS). */
  corsOrigins: string[];
  /**
   * The origins an integrator key allows, read at request time (`/api/embed/{key}/…` answers CORS to
   * those and nothing else).
   */
  embedOrigins?: (url: string) => Promise<readonly string[]> | undefined;
}

/** Security headers on every answer (helmet's, computed once), the request id, and CORS. */
async function security(app: FastifyInstance, options: SecurityOptions) {
  // Security headers: helmet's values, computed once at start-up. (@fastify/helmet rebuilds its
  // middleware on every request, which cost ~40% of the throughput of a cached route.)
  const securityHeaders = await helmetHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders);
    reply.header('x-request-id', request.id);
    done();
  });
  const shared = {
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['x-request-id'],
  };
  const store = { ...shared, origin: options.corsOrigins };
  const { embedOrigins } = options;
  // One CORS answer per request: an embed route's origins are its key's, any other route's the store's.
  await app.register(cors, {
    delegator: async (request: FastifyRequest) => {
      const origins = embedOrigins?.(request.url);
      return origins ? { ...shared, origin: [...(await origins)] } : store;
    },
  });
}

export default fp(security, { name: 'security' });
