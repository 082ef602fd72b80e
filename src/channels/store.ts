// The channels' own tables: webhooks received (dedupe + crash recovery), which address a session answers
// to, and every outgoing call with its outcome (so an operator can see an undelivered reply).
import type { RetentionStep, Sql } from '../store/index.ts';
export { channelMigrations } from './migrations.ts';
import type { Address, ChannelName, InboundMessage } from './types.ts';

export type InboundStatus = 'queued' | 'processing' | 'done' | 'failed' | 'ignored';

/** Store a webhook's message once. False when this provider message id was already received. */
export async function recordInbound(sql: Sql, msg: InboundMessage, sessionId: string): Promise<boolean> {
  const rows = await sql.query(
    `insert into channel_inbound (channel, bot, provider_message_id, session_id, payload) values ($1, $2, $3, $4, $5)
     on conflict do nothing returning provider_message_id`,
    [msg.channel, msg.bot, msg.providerId, sessionId, JSON.stringify(msg)],
  );
  return rows.length > 0;
}

/**
 * Take a stored message for processing (one more attempt). 'gave-up' when it was already taken `maxAttempts`
 * times (each run failed or was cut off by a crash or shutdown): it is marked failed instead of running again,
 * so a message that kills its process cannot kill the next start. Undefined when another worker has it.
 */
export async function claimInbound(
  sql: Sql,
  msg: Pick<InboundMessage, 'channel' | 'bot' | 'providerId'>,
  from: InboundStatus[] = ['queued'],
  maxAttempts = MAX_INBOUND_ATTEMPTS,
): Promise<'claimed' | 'gave-up' | undefined> {
  const [row] = await sql.query<{ status: InboundStatus }>(
    `update channel_inbound set
       status = case when attempts >= $5 then 'failed' else 'processing' end,
       error = case when attempts >= $5 then 'gave up after ' || attempts || ' attempts (each failed or was interrupted)' else error end,
       attempts = case when attempts >= $5 then attempts else attempts + 1 end,
       updated_at = now()
     where channel = $1 and bot = $2 and provider_message_id = $3 and status = any($4::text[]) returning status`,
    [msg.channel, msg.bot, msg.providerId, from, maxAttempts],
  );
  if (!row) return undefined;
  return row.status === 'failed' ? 'gave-up' : 'claimed';
}

/** Runs of one webhook message before it is marked failed. */
export const MAX_INBOUND_ATTEMPTS = 3;

export async function finishInbound(sql: Sql, msg: Pick<InboundMessage, 'channel' | 'bot' | 'providerId'>, status: InboundStatus, error?: string): Promise<void> {
  await sql.query(
    `update channel_inbound set status = $4, error = $5, updated_at = now() where channel = $1 and bot = $2 and provider_message_id = $3`,
    [msg.channel, msg.bot, msg.providerId, status, error ?? null],
  );
}

/** Webhooks stored but never finished: queued longer than `queuedMs`, or stuck processing longer than `processingMs`. */
export async function unfinishedInbound(sql: Sql, queuedMs: number, processingMs: number): Promise<{ msg: InboundMessage; status: InboundStatus }[]> {
  const rows = await sql.query<{ payload: InboundMessage | string; status: InboundStatus }>(
    `select payload, status from channel_inbound
     where (status = 'queued' and updated_at < now() - ($1::double precision * interval '1 millisecond'))
        or (status = 'processing' and updated_at < now() - ($2::double precision * interval '1 millisecond'))
     order by received_at limit 1000`,
    [queuedMs, processingMs],
  );
  return rows.map((r) => ({ msg: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload, status: r.status }));
}

export interface InboundCounts {
  queued: number;
  processing: number;
  done: number;
  failed: number;
  ignored: number;
}

/** Webhook messages by status (a bot's, or every bot's). */
export async function countInbound(sql: Sql, bot?: string): Promise<InboundCounts> {
  const rows = await sql.query<{ status: InboundStatus; n: number | string }>(
    `select status, count(*) as n from channel_inbound where ($1::text is null or bot = $1) group by status`,
    [bot ?? null],
  );
  const counts: InboundCounts = { queued: 0, processing: 0, done: 0, failed: 0, ignored: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

export interface FailedInbound {
  channel: ChannelName;
  bot: string;
  providerMessageId: string;
  sessionId: string;
  attempts: number;
  error: string | null;
  receivedAt: Date;
}

/** The latest webhook messages that failed (a run threw, or they gave up after too many attempts). */
export async function listFailedInbound(sql: Sql, bot?: string, limit = 20): Promise<FailedInbound[]> {
  const rows = await sql.query<Record<string, unknown>>(
    `select channel, bot, provider_message_id, session_id, attempts, error, received_at from channel_inbound
     where status = 'failed' and ($1::text is null or bot = $1) order by updated_at desc limit $2`,
    [bot ?? null, limit],
  );
  return rows.map((r) => ({
    channel: r.channel as ChannelName,
    bot: r.bot as string,
    providerMessageId: r.provider_message_id as string,
    sessionId: r.session_id as string,
    attempts: Number(r.attempts),
    error: (r.error as string | null) ?? null,
    receivedAt: new Date(r.received_at as string),
  }));
}

/** The session a stored webhook message ran in, when it is not the derived one (see resolveChannelSession). */
export async function setInboundSession(sql: Sql, msg: Pick<InboundMessage, 'channel' | 'bot' | 'providerId'>, sessionId: string): Promise<void> {
  await sql.query(`update channel_inbound set session_id = $4 where channel = $1 and bot = $2 and provider_message_id = $3 and session_id <> $4`, [msg.channel, msg.bot, msg.providerId, sessionId]);
}

export interface ChannelLink {
  sessionId: string;
  channel: ChannelName;
  bot: string;
  address: Address;
  contactName: string | null;
}

export async function linkSession(sql: Sql, link: ChannelLink): Promise<void> {
  await sql.query(
    `insert into channel_sessions (session_id, channel, bot, address, contact_name) values ($1, $2, $3, $4, $5)
     on conflict (session_id) do update set address = excluded.address,
       contact_name = coalesce(excluded.contact_name, channel_sessions.contact_name), updated_at = now()`,
    [link.sessionId, link.channel, link.bot, JSON.stringify(link.address), link.contactName],
  );
}

export async function getLink(sql: Sql, sessionId: string): Promise<ChannelLink | undefined> {
  const [row] = await sql.query<{ session_id: string; channel: ChannelName; bot: string; address: Address | string; contact_name: string | null }>(
    'select session_id, channel, bot, address, contact_name from channel_sessions where session_id = $1',
    [sessionId],
  );
  if (!row) return undefined;
  const address = typeof row.address === 'string' ? (JSON.parse(row.address) as Address) : row.address;
  return { sessionId: row.session_id, channel: row.channel, bot: row.bot, address, contactName: row.contact_name };
}

/** The Chatwoot account of a bot's conversation, when exactly one linked session has that conversation id. */
export async function chatwootAccountOf(sql: Sql, bot: string, conversationId: number): Promise<number | null> {
  const rows = await sql.query<{ account: string | number }>(
    `select distinct address->>'accountId' as account from channel_sessions where channel = 'chatwoot' and bot = $1 and address->>'conversationId' = $2 limit 2`,
    [bot, String(conversationId)],
  );
  return rows.length === 1 ? Number(rows[0].account) : null;
}

/**
 * A WhatsApp customer's conversation found by their business-scoped user id: the link of an earlier message that
 * came with both their phone number and that id. Lets a customer who now hides their number keep their conversation.
 */
export async function whatsappLinkOfUser(sql: Sql, bot: string, userId: string): Promise<ChannelLink | undefined> {
  const [row] = await sql.query<{ session_id: string }>(
    `select session_id from channel_sessions where channel = 'whatsapp' and bot = $1 and address->>'userId' = $2 and address->>'kind' is null
     order by updated_at desc limit 1`,
    [bot, userId],
  );
  return row ? getLink(sql, row.session_id) : undefined;
}

/**
 * True when a message the business number sent is one of Switchboard's own sends: its provider id is a delivery's,
 * or (the echo came before the send's answer) a delivery to that conversation still pending carries the same text.
 */
export async function sentBySwitchboard(sql: Sql, msg: Pick<InboundMessage, 'channel' | 'bot' | 'providerId' | 'text' | 'contactKey'>): Promise<boolean> {
  const rows = await sql.query(
    `select 1 from channel_deliveries where channel = $1 and bot = $2 and kind = 'message'
       and (provider_message_id = $3 or (status = 'pending' and content = $4 and created_at > now() - interval '10 minutes')) limit 1`,
    [msg.channel, msg.bot, msg.providerId, msg.text ?? ''],
  );
  return rows.length > 0;
}

/** An Evolution customer's conversation found by their `@lid`: the link of an earlier message that had their number too. */
export async function evolutionLinkOfLid(sql: Sql, bot: string, lid: string): Promise<ChannelLink | undefined> {
  const [row] = await sql.query<{ session_id: string }>(
    `select session_id from channel_sessions where channel = 'evolution' and bot = $1 and address->>'lid' = $2 and address->>'number' <> $2
     order by updated_at desc limit 1`,
    [bot, lid],
  );
  return row ? getLink(sql, row.session_id) : undefined;
}

export type DeliveryKind = 'message' | 'status';
export type DeliveryStatus = 'pending' | 'sent' | 'failed';

export interface DeliveryRow {
  id: number;
  sessionId: string;
  bot: string;
  channel: ChannelName;
  kind: DeliveryKind;
  messageId: number | null;
  /** Which part of a long reply (0 for the first or only one). */
  part: number;
  content: string;
  address: Address;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  providerMessageId: string | null;
  /** The provider's error code: of the refused send (e.g. WhatsApp 131056), or of a failure it reported later (131047). */
  errorCode: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export async function startDelivery(
  sql: Sql,
  d: { sessionId: string; bot: string; channel: ChannelName; kind: DeliveryKind; messageId: number | null; part?: number; content: string; address: Address },
): Promise<number> {
  const [row] = await sql.query<{ id: number | string }>(
    `insert into channel_deliveries (session_id, bot, channel, kind, message_id, part, content, address) values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [d.sessionId, d.bot, d.channel, d.kind, d.messageId, d.part ?? 0, d.content, JSON.stringify(d.address)],
  );
  return Number(row.id);
}

export async function finishDelivery(
  sql: Sql,
  id: number,
  outcome: { status: DeliveryStatus; attempts: number; lastError?: string | null; providerMessageId?: string | null; errorCode?: string | null },
): Promise<void> {
  await sql.query(
    `update channel_deliveries set status = $2, attempts = $3, last_error = $4, provider_message_id = $5, error_code = $6, updated_at = now() where id = $1`,
    [id, outcome.status, outcome.attempts, outcome.lastError ?? null, outcome.providerMessageId ?? null, outcome.errorCode ?? null],
  );
}

/** True when this part of a stored message already went out (a re-run after a crash must not send it twice). */
export async function wasDelivered(sql: Sql, messageId: number, part = 0): Promise<boolean> {
  const rows = await sql.query(`select 1 from channel_deliveries where message_id = $1 and part = $2 and kind = 'message' and status = 'sent' limit 1`, [messageId, part]);
  return rows.length > 0;
}

/**
 * The provider reported, after accepting it, that a sent message never arrived: mark it failed. Returns the
 * delivery (once: a repeated report finds it failed already), or undefined when it is not one of ours.
 */
export async function failDeliveryLater(sql: Sql, channel: ChannelName, providerMessageId: string, error: string, code: string | null): Promise<{ sessionId: string; bot: string; messageId: number | null } | undefined> {
  const [row] = await sql.query<{ session_id: string; bot: string; message_id: number | string | null }>(
    `update channel_deliveries set status = 'failed', last_error = $3, error_code = $4, updated_at = now()
     where channel = $1 and provider_message_id = $2 and status <> 'failed' returning session_id, bot, message_id`,
    [channel, providerMessageId, error, code],
  );
  return row ? { sessionId: row.session_id, bot: row.bot, messageId: row.message_id === null ? null : Number(row.message_id) } : undefined;
}

export interface DeliveryCount {
  bot: string;
  channel: ChannelName;
  status: DeliveryStatus;
  /** The provider's error code of the failure (refused at send time or reported later), null otherwise. */
  errorCode: string | null;
  count: number;
}

/** Sent and failed replies counted by bot, channel, status and provider error code. */
export async function countDeliveries(sql: Sql, bot?: string): Promise<DeliveryCount[]> {
  const rows = await sql.query<{ bot: string; channel: ChannelName; status: DeliveryStatus; error_code: string | null; n: number | string }>(
    `select bot, channel, status, error_code, count(*) as n from channel_deliveries where kind = 'message'${bot === undefined ? '' : ' and bot = $1'}
     group by bot, channel, status, error_code order by bot, channel, status, error_code`,
    bot === undefined ? [] : [bot],
  );
  return rows.map((r) => ({ bot: r.bot, channel: r.channel, status: r.status, errorCode: r.error_code, count: Number(r.n) }));
}

/**
 * Chatwoot: remember that we opened the conversation for the handoff that started at `handoffAt` (the
 * session's own timestamp, so no clock comparison is needed). Pending again afterwards means an agent gave it back.
 */
export async function markOpenedForHandoff(sql: Sql, sessionId: string, handoffAt: Date | null): Promise<void> {
  await sql.query('update channel_sessions set opened_for_handoff_at = $2, opened_at = now(), updated_at = now() where session_id = $1', [sessionId, handoffAt ? handoffAt.toISOString() : null]);
}

/** True when this webhook message was received after we last opened its conversation for agents (same clock: the database's). */
export async function receivedAfterOpening(sql: Sql, msg: Pick<InboundMessage, 'channel' | 'bot' | 'providerId'>): Promise<boolean> {
  const rows = await sql.query(
    `select 1 from channel_inbound i join channel_sessions s on s.session_id = i.session_id
     where i.channel = $1 and i.bot = $2 and i.provider_message_id = $3 and s.opened_at is not null and i.received_at > s.opened_at`,
    [msg.channel, msg.bot, msg.providerId],
  );
  return rows.length > 0;
}

export async function openedForHandoff(sql: Sql, sessionId: string, handoffAt: Date | null): Promise<boolean> {
  if (!handoffAt) return false;
  const rows = await sql.query('select 1 from channel_sessions where session_id = $1 and opened_for_handoff_at = $2::timestamptz', [sessionId, handoffAt.toISOString()]);
  return rows.length > 0;
}

export async function listDeliveries(sql: Sql, filter: { sessionId?: string; status?: DeliveryStatus; bot?: string; limit?: number } = {}): Promise<DeliveryRow[]> {
  const rows = await sql.query<Record<string, unknown>>(
    `select * from channel_deliveries
     where ($1::text is null or session_id = $1) and ($2::text is null or status = $2) and ($3::text is null or bot = $3)
     order by id desc limit $4`,
    [filter.sessionId ?? null, filter.status ?? null, filter.bot ?? null, Math.min(filter.limit ?? 100, 1000)],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    sessionId: r.session_id as string,
    bot: r.bot as string,
    channel: r.channel as ChannelName,
    kind: r.kind as DeliveryKind,
    messageId: r.message_id === null ? null : Number(r.message_id),
    part: Number(r.part ?? 0),
    content: r.content as string,
    address: (typeof r.address === 'string' ? JSON.parse(r.address) : r.address) as Address,
    status: r.status as DeliveryStatus,
    attempts: Number(r.attempts),
    lastError: (r.last_error as string | null) ?? null,
    providerMessageId: (r.provider_message_id as string | null) ?? null,
    errorCode: (r.error_code as string | null) ?? null,
    createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
  }));
}

/** Retention: the delivery records and received webhooks of conversations idle for SWITCHBOARD_RETAIN_DELIVERIES_DAYS. */
export const deliveryRetentionStep: RetentionStep = {
  name: 'deliveries',
  days: (p) => p.deliveryDays,
  remove: async (sql, ids) => {
    const sent = await sql.query('delete from channel_deliveries where session_id = any($1::text[]) returning 1', [ids]);
    const received = await sql.query("delete from channel_inbound where session_id = any($1::text[]) and status not in ('queued', 'processing') returning 1", [ids]);
    return sent.length + received.length;
  },
};
