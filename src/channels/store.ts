// The channels' own tables: webhooks received (dedupe + crash recovery), which address a session answers
// to, and every outgoing call with its outcome (so an operator can see an undelivered reply).
import type { Migration, Sql } from '../store/index.ts';
import type { Address, ChannelName, InboundMessage } from './types.ts';

export const channelMigrations: Migration[] = [
  {
    id: 'channels-001-inbound-deliveries',
    sql: `
create table if not exists channel_inbound (
  channel text not null,
  bot text not null,
  provider_message_id text not null,
  session_id text not null,
  status text not null default 'queued',
  payload jsonb not null,
  error text,
  received_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (channel, bot, provider_message_id)
);
create index if not exists channel_inbound_open on channel_inbound (status, updated_at) where status in ('queued', 'processing');
create table if not exists channel_sessions (
  session_id text primary key references sessions(id) on delete cascade,
  channel text not null,
  bot text not null,
  address jsonb not null,
  contact_name text,
  opened_for_handoff_at timestamptz,
  updated_at timestamptz not null default now()
);
create table if not exists channel_deliveries (
  id bigserial primary key,
  session_id text not null references sessions(id) on delete cascade,
  bot text not null,
  channel text not null,
  kind text not null default 'message',
  message_id bigint,
  content text not null,
  address jsonb not null,
  status text not null default 'pending',
  attempts integer not null default 0,
  last_error text,
  provider_message_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists channel_deliveries_session on channel_deliveries (session_id, id);
create index if not exists channel_deliveries_undelivered on channel_deliveries (status, created_at) where status <> 'sent';
`,
  },
];

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

/** Take a stored message for processing; false when another worker already has it. */
export async function claimInbound(sql: Sql, msg: Pick<InboundMessage, 'channel' | 'bot' | 'providerId'>, from: InboundStatus[] = ['queued']): Promise<boolean> {
  const rows = await sql.query(
    `update channel_inbound set status = 'processing', updated_at = now()
     where channel = $1 and bot = $2 and provider_message_id = $3 and status = any($4::text[]) returning provider_message_id`,
    [msg.channel, msg.bot, msg.providerId, from],
  );
  return rows.length > 0;
}

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

export type DeliveryKind = 'message' | 'status';
export type DeliveryStatus = 'pending' | 'sent' | 'failed';

export interface DeliveryRow {
  id: number;
  sessionId: string;
  bot: string;
  channel: ChannelName;
  kind: DeliveryKind;
  messageId: number | null;
  content: string;
  address: Address;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  providerMessageId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export async function startDelivery(
  sql: Sql,
  d: { sessionId: string; bot: string; channel: ChannelName; kind: DeliveryKind; messageId: number | null; content: string; address: Address },
): Promise<number> {
  const [row] = await sql.query<{ id: number | string }>(
    `insert into channel_deliveries (session_id, bot, channel, kind, message_id, content, address) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [d.sessionId, d.bot, d.channel, d.kind, d.messageId, d.content, JSON.stringify(d.address)],
  );
  return Number(row.id);
}

export async function finishDelivery(sql: Sql, id: number, outcome: { status: DeliveryStatus; attempts: number; lastError?: string | null; providerMessageId?: string | null }): Promise<void> {
  await sql.query(
    `update channel_deliveries set status = $2, attempts = $3, last_error = $4, provider_message_id = $5, updated_at = now() where id = $1`,
    [id, outcome.status, outcome.attempts, outcome.lastError ?? null, outcome.providerMessageId ?? null],
  );
}

/** True when this stored message already went out (a re-run after a crash must not send it twice). */
export async function wasDelivered(sql: Sql, messageId: number): Promise<boolean> {
  const rows = await sql.query(`select 1 from channel_deliveries where message_id = $1 and kind = 'message' and status = 'sent' limit 1`, [messageId]);
  return rows.length > 0;
}

/**
 * Chatwoot: remember that we opened the conversation for the handoff that started at `handoffAt` (the
 * session's own timestamp, so no clock comparison is needed). Pending again afterwards means an agent gave it back.
 */
export async function markOpenedForHandoff(sql: Sql, sessionId: string, handoffAt: Date | null): Promise<void> {
  await sql.query('update channel_sessions set opened_for_handoff_at = $2, updated_at = now() where session_id = $1', [sessionId, handoffAt ? handoffAt.toISOString() : null]);
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
    content: r.content as string,
    address: (typeof r.address === 'string' ? JSON.parse(r.address) : r.address) as Address,
    status: r.status as DeliveryStatus,
    attempts: Number(r.attempts),
    lastError: (r.last_error as string | null) ?? null,
    providerMessageId: (r.provider_message_id as string | null) ?? null,
    createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
  }));
}
