// GET /api/events — server-sent events for the console: messages, mode changes, pending count. No polling.
import type { FastifyInstance } from 'fastify';
import { countPending } from '../../store/index.ts';
import { requireRole } from '../auth.ts';
import type { RouteContext } from '../app.ts';

export async function eventRoutes(app: FastifyInstance, { runtime, auth }: RouteContext) {
  // Event streams never end on their own: close them when the server shuts down so it can finish.
  const open = new Set<import('node:http').ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });
  app.get('/api/events', { schema: { summary: 'Console events as server-sent events (operator; token in ?token= for EventSource)' } }, async (req, reply) => {
    requireRole(req, auth, 'operator', { query: true });
    // Read before the stream opens: with the database unreachable the console gets a 503 it retries.
    const pending = await countPending(runtime.db);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    const send = (event: unknown) => res.write(`data: ${JSON.stringify(event)}\n\n`);
    send({ type: 'pending', count: pending });
    const unsubscribe = runtime.events.subscribe(send);
    open.add(res);
    const ping = setInterval(() => res.write(': ping\n\n'), 25_000);
    req.raw.on('close', () => {
      open.delete(res);
      clearInterval(ping);
      unsubscribe();
    });
  });
}
