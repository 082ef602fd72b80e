// Versioned schema changes, applied once each at start-up and recorded in `_migrations`.
// Core tables live here; a bot adds its own through its definition's `migrations`.
import type { Database } from './db.ts';
import type { Migration } from './types.ts';

export const coreMigrations: Migration[] = [
  {
    id: 'core-001-conversations',
    sql: `
create table if not exists sessions (
  id text primary key,
  bot text not null,
  user_id text,
  channel text not null default 'api',
  phone_number text,
  secret text not null,
  mode text not null default 'bot',
  handoff_reason text not null default '',
  handoff_at timestamptz,
  last_intent text not null default '',
  active_workflow text,
  state jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists sessions_bot_updated on sessions (bot, updated_at desc);
create index if not exists sessions_mode on sessions (mode);
create table if not exists messages (
  id bigserial primary key,
  session_id text not null references sessions(id) on delete cascade,
  role text not null,
  source text not null default '',
  content text not null,
  intents jsonb not null default '[]'::jsonb,
  workflow text,
  turn_id text,
  client_message_id text,
  reply_to bigint,
  created_at timestamptz not null default now()
);
create index if not exists messages_session on messages (session_id, id);
create unique index if not exists messages_client_id on messages (session_id, client_message_id) where client_message_id is not null;
create table if not exists turns (
  id text primary key,
  session_id text not null references sessions(id) on delete cascade,
  bot text not null,
  user_message_id bigint,
  path text not null default 'local',
  intents jsonb not null default '[]'::jsonb,
  trace jsonb not null default '[]'::jsonb,
  model_calls jsonb not null default '[]'::jsonb,
  latency_ms double precision,
  created_at timestamptz not null default now()
);
create index if not exists turns_session on turns (session_id, created_at);
create table if not exists bot_settings (
  bot text not null,
  key text not null,
  value jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (bot, key)
);
create table if not exists users (
  id text primary key,
  email text,
  name text,
  created_at timestamptz not null default now()
);
create table if not exists feedback (
  id bigserial primary key,
  bot text not null,
  session_id text not null references sessions(id) on delete cascade,
  message_id bigint not null,
  rating smallint not null,
  comment text,
  created_at timestamptz not null default now(),
  unique (session_id, message_id)
);
create table if not exists golden_examples (
  id bigserial primary key,
  bot text not null,
  user_text text not null,
  reply text not null,
  source text not null default 'judge',
  session_id text,
  created_at timestamptz not null default now(),
  unique (bot, user_text, reply)
);
create table if not exists knowledge_chunks (
  id bigserial primary key,
  bot text not null,
  doc text not null,
  heading text not null default '',
  content text not null,
  ts_config text not null,
  tsv tsvector not null
);
create index if not exists knowledge_chunks_tsv on knowledge_chunks using gin (tsv);
create index if not exists knowledge_chunks_bot on knowledge_chunks (bot);
`,
  },
  {
    // A bot's trained classifier, keyed by a hash of everything training depends on (examples, options, the
    // NLU code): a restart loads it instead of training again. One row per bot.
    id: 'core-002-classifier-cache',
    sql: `
create table if not exists classifier_cache (
  bot text primary key,
  key text not null,
  model bytea not null,
  created_at timestamptz not null default now()
);
`,
  },
  {
    // A user's phone number (digits only): a message from that number on a channel is that user's.
    id: 'core-003-user-phone',
    sql: `
alter table users add column if not exists phone text;
create unique index if not exists users_phone on users (phone) where phone is not null;
`,
  },
  {
    // Whether the session's user id was proven (a signed user token, a channel's verified number, a trusted
    // caller) or only claimed by a browser; and the clientMessageId of the message that created the session,
    // so a retry of that first message is answered again (with the session's token) instead of refused.
    id: 'core-004-session-identity',
    sql: `
alter table sessions add column if not exists user_verified boolean not null default false;
alter table sessions add column if not exists origin_message_id text;
`,
  },
  {
    // Messages blocked by guardrails, for every bot that turns them on (databases where a bot created the table
    // already keep it and its rows).
    id: 'core-005-moderation-logs',
    sql: `
create table if not exists moderation_logs (
  id serial primary key,
  bot text not null,
  session_id text,
  user_id text,
  reason text not null,
  message text not null,
  created_at timestamptz not null default now()
);
create index if not exists moderation_logs_bot_created on moderation_logs (bot, created_at desc);
`,
  },
  {
    // What a bot remembers about a customer (bot.yaml `profile:`): one JSON document per bot and subject (the
    // signed-in user, else the conversation), its fields checked by src/profile before they are written.
    id: 'core-006-profiles',
    sql: `
create table if not exists profiles (
  bot text not null,
  subject text not null,
  data jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now(),
  primary key (bot, subject)
);
`,
  },
  {
    // Every statement the server runs reads the large tables through an index (test/index-plans.test.ts):
    // the console's inbox across bots is ordered by updated_at; the handoff lists and the pending count read
    // the few sessions not with the bot through a partial index, which a bot-mode turn's update never touches
    // (the plain index on mode took an entry on every turn); feedback lists newest first, per bot or all.
    id: 'core-007-growth-indexes',
    sql: `
create index if not exists sessions_updated on sessions (updated_at desc);
create index if not exists sessions_not_bot on sessions (mode, updated_at desc) where mode <> 'bot';
drop index if exists sessions_mode;
create index if not exists feedback_bot_created on feedback (bot, created_at desc);
create index if not exists feedback_created on feedback (created_at desc);
`,
  },
  {
    // Who changed a bot's admin settings (intents, handoff, persona and model), what and when: the console's audit;
    // the moderation log read newest first across bots.
    id: 'core-008-settings-audit',
    sql: `
create table if not exists settings_audit (
  id serial primary key,
  bot text not null,
  key text not null,
  actor text not null,
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now()
);
create index if not exists settings_audit_bot_created on settings_audit (bot, created_at desc);
create index if not exists settings_audit_created on settings_audit (created_at desc);
create index if not exists moderation_logs_created on moderation_logs (created_at desc);
`,
  },
  {
    // Vectors of texts (a bot's examples) from an embedding model, keyed by the model and a hash of the text: each
    // example is embedded once, whatever bot or start asks for it again.
    id: 'core-009-example-embeddings',
    sql: `
create table if not exists example_embeddings (
  model text not null,
  text_hash text not null,
  dim integer not null,
  vector text not null,
  created_at timestamptz not null default now(),
  primary key (model, text_hash)
);
`,
  },
  {
    // A reply's UI parts (cards, a form) kept with its message, so a conversation read back shows them again; and
    // the customers' clicks on result cards (one row per card and conversation), a learning-loop signal per bot,
    // card and intent beside ratings and abandonment.
    id: 'core-010-message-parts-and-clicks',
    sql: `
alter table messages add column if not exists parts jsonb;
create table if not exists card_clicks (
  id bigserial primary key,
  bot text not null,
  session_id text not null references sessions(id) on delete cascade,
  message_id bigint not null,
  part integer not null,
  item integer not null,
  label text not null,
  intent text not null default '',
  created_at timestamptz not null default now(),
  unique (session_id, message_id, part, item)
);
create index if not exists card_clicks_bot_created on card_clicks (bot, created_at desc);
`,
  },
];

/** Apply every migration not applied yet, in order. Safe when several processes start at once. */
/** The tables a list of migrations creates. */
export const tablesCreatedBy = (migrations: readonly Migration[]): string[] =>
  migrations.flatMap((m) => [...m.sql.matchAll(/create table if not exists (\w+)/gi)].map((c) => c[1].toLowerCase()));

/**
 * Whether a name is one of the runtime's own tables — the core migrations' and the `channel_` tables of
 * src/channels — which no bot's `tables:` or `records:` may take: its rows would be the runtime's.
 */
export function isRuntimeTable(name: string): boolean {
  return name.startsWith('channel_') || CORE_TABLES.has(name);
}
const CORE_TABLES = new Set(['_migrations', ...tablesCreatedBy(coreMigrations)]);

export async function migrate(db: Database, migrations: Migration[]): Promise<string[]> {
  return db.withLock('switchboard:migrate', async () => {
    // Inside the lock: two processes creating the same table at once can collide even with `if not exists`.
    await db.exec(`create table if not exists _migrations (id text primary key, applied_at timestamptz not null default now())`);
    const done = new Set((await db.query<{ id: string }>('select id from _migrations')).map((r) => r.id));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      await db.transaction(async (tx) => {
        // Statements run one by one: the extended protocol takes a single statement per query.
        for (const stmt of splitStatements(m.sql)) await tx.query(stmt);
        await tx.query('insert into _migrations (id) values ($1)', [m.id]);
      });
      applied.push(m.id);
    }
    return applied;
  });
}

/** Split a migration into statements at top-level semicolons (no dollar-quoted bodies in our migrations). */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
