// The channels' tables and their changes, applied with the core migrations by every process that serves channels.
import type { Migration } from '../store/index.ts';

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
  {
    // Multi-part replies (one delivery per part), provider-reported failures, and when a Chatwoot conversation was opened.
    id: 'channels-002-parts-provider-failures',
    sql: `
alter table channel_deliveries add column if not exists part integer not null default 0;
alter table channel_deliveries add column if not exists error_code text;
create index if not exists channel_deliveries_provider_id on channel_deliveries (channel, provider_message_id) where provider_message_id is not null;
alter table channel_sessions add column if not exists opened_at timestamptz;
`,
  },
  {
    // How many times a webhook message was taken for processing: one that keeps failing or being interrupted gives up.
    id: 'channels-003-inbound-attempts',
    sql: `alter table channel_inbound add column if not exists attempts integer not null default 0;`,
  },
  {
    // Read through an index as deliveries pile up: whether a message part already went out (every reply), the
    // delivery counts of /api/channels/stats (an index-only scan of the narrow index, per bot or all), and a
    // conversation's received webhooks (retention), and the received webhooks' counts and failed ones (console).
    id: 'channels-004-delivery-indexes',
    sql: `
create index if not exists channel_deliveries_message on channel_deliveries (message_id, part) where message_id is not null;
create index if not exists channel_deliveries_counts on channel_deliveries (bot, channel, status, error_code) where kind = 'message';
create index if not exists channel_inbound_session on channel_inbound (session_id);
create index if not exists channel_inbound_failed on channel_inbound (updated_at desc) where status = 'failed';
create index if not exists channel_inbound_status on channel_inbound (bot, status);
`,
  },
  {
    // When the conversation's last media arrived: media within a short window of it are one burst, answered once.
    id: 'channels-005-media-bursts',
    sql: `alter table channel_sessions add column if not exists media_burst_at timestamptz;`,
  },
];
