// The yardstick of bench/http.ts: a bare Fastify route (no logger, no hooks) answering the same
// envelope as GET /api/v2/account/uid. Run by bench/http.ts in its own process; PORT sets the port.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ status: true, msg: 'OK', data: { id: 1, username: 'admin' } }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
