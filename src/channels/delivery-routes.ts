// What operators read about outgoing channel messages: each delivery of a conversation (the console marks the
// replies that never reached the customer), the counts of sent and failed replies per bot and channel, and the
// customer messages received by webhook (by status, the latest failed ones).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Runtime } from '../engine/index.ts';
import { InvalidError } from '../errors/index.ts';
import { requireRole, type AuthConfig } from '../server/auth.ts';
import type { ChannelHub } from './hub.ts';
import { countDeliveries, countInbound, listDeliveries, listFailedInbound, type DeliveryStatus } from './store.ts';

const STATUSES: DeliveryStatus[] = ['pending', 'sent', 'failed'];

export function deliveryRoutes(app: FastifyInstance, runtime: Runtime, auth: AuthConfig, hub: ChannelHub): void {
  // Whether an operator's reply can reach the customer now (WhatsApp's 24-hour window), asked before typing.
  app.get('/api/channels/sessions/:id/window', async (req: FastifyRequest<{ Params: { id: string } }>) => {
    requireRole(req, auth, 'operator');
    const session = await runtime.requireSession(req.params.id);
    const window = await hub.replyWindow(session.id);
    if (!window) return { sessionId: session.id, windowOpen: true };
    return {
      sessionId: session.id,
      channel: window.channel,
      windowOpen: window.open,
      lastCustomerMessageAt: window.lastCustomerMessageAt?.toISOString() ?? null,
      reopenTemplate: window.reopenTemplate,
      ...(window.reason ? { reason: window.reason } : {}),
    };
  });

  app.get('/api/channels/deliveries', async (req: FastifyRequest<{ Querystring: Record<string, string | undefined> }>) => {
    requireRole(req, auth, 'operator');
    const { sessionId, status, bot, limit } = req.query ?? {};
    if (status !== undefined && !STATUSES.includes(status as DeliveryStatus)) throw new InvalidError(`status must be one of ${STATUSES.join(', ')}`);
    const n = limit === undefined ? 100 : Number(limit);
    if (!Number.isInteger(n) || n < 1 || n > 1000) throw new InvalidError('limit must be a whole number from 1 to 1000');
    const rows = await listDeliveries(runtime.db, { sessionId, status: status as DeliveryStatus | undefined, bot, limit: n });
    return {
      deliveries: rows.map((d) => ({
        id: d.id,
        sessionId: d.sessionId,
        bot: d.bot,
        channel: d.channel,
        kind: d.kind,
        messageId: d.messageId,
        part: d.part,
        status: d.status,
        attempts: d.attempts,
        lastError: d.lastError,
        errorCode: d.errorCode,
        createdAt: d.createdAt.toISOString(),
        updatedAt: d.updatedAt.toISOString(),
      })),
    };
  });

  app.get('/api/channels/stats', async (req: FastifyRequest<{ Querystring: { bot?: string } }>) => {
    requireRole(req, auth, 'operator');
    const bot = req.query?.bot;
    const [counts, inbound, failedInbound] = await Promise.all([countDeliveries(runtime.db, bot), countInbound(runtime.db, bot), listFailedInbound(runtime.db, bot)]);
    const total = (status: DeliveryStatus) => counts.filter((c) => c.status === status).reduce((n, c) => n + c.count, 0);
    return {
      sent: total('sent'),
      failed: total('failed'),
      counts,
      // Customer messages received by webhook: by status, and the latest that failed (a run threw, or gave up).
      inbound,
      failedInbound: failedInbound.map((f) => ({ ...f, receivedAt: f.receivedAt.toISOString() })),
    };
  });
}
