/** The ceiling: a bare Fastify route that parses a JSON body and answers, nothing else. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/bare', async (req) => ({ data: { ok: true, size: JSON.stringify(req.body ?? null).length } }));
await app.listen({ port: Number(process.env.PORT ?? 3899), host: '127.0.0.1' });
console.log('bare ready');
