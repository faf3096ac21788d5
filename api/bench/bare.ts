// The yardstick: a bare Fastify route on the same machine (no database, no validation, no logging).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3190), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
