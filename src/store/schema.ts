// The core tables as a Drizzle schema: typed reads and writes for the repositories. The SQL that creates
// them is in migrations.ts; a test checks that both agree.
import { bigserial, bigint, boolean, doublePrecision, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { Mode, UiPart } from '../contract/index.ts';

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  bot: text('bot').notNull(),
  userId: text('user_id'),
  /** false: the user id was only claimed (a browser's bare userId) and proves nothing. */
  userVerified: boolean('user_verified').notNull().default(false),
  /** The clientMessageId of the message that created the session (its retry is answered again). */
  originMessageId: text('origin_message_id'),
  channel: text('channel').notNull().default('api'),
  phoneNumber: text('phone_number'),
  secret: text('secret').notNull(),
  mode: text('mode').$type<Mode>().notNull().default('bot'),
  handoffReason: text('handoff_reason').notNull().default(''),
  handoffAt: timestamp('handoff_at', { withTimezone: true }),
  lastIntent: text('last_intent').notNull().default(''),
  activeWorkflow: text('active_workflow'),
  state: jsonb('state').notNull().$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const messages = pgTable('messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  sessionId: text('session_id').notNull(),
  role: text('role').notNull(),
  source: text('source').notNull().default(''),
  content: text('content').notNull(),
  intents: jsonb('intents').notNull().$type<string[]>(),
  workflow: text('workflow'),
  turnId: text('turn_id'),
  clientMessageId: text('client_message_id'),
  replyTo: bigint('reply_to', { mode: 'number' }),
  /** The reply's UI parts (cards, a form) as the turn showed them; null when it had none. */
  parts: jsonb('parts').$type<UiPart[]>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const turns = pgTable('turns', {
  id: text('id').primaryKey(),
  sessionId: text('session_id').notNull(),
  bot: text('bot').notNull(),
  userMessageId: bigint('user_message_id', { mode: 'number' }),
  path: text('path').notNull(),
  intents: jsonb('intents').notNull(),
  trace: jsonb('trace').notNull(),
  modelCalls: jsonb('model_calls').notNull(),
  latencyMs: doublePrecision('latency_ms'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const botSettings = pgTable('bot_settings', {
  bot: text('bot').notNull(),
  key: text('key').notNull(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email'),
  name: text('name'),
  /** Digits only, country code first (as WhatsApp sends them). */
  phone: text('phone'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const feedback = pgTable('feedback', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  bot: text('bot').notNull(),
  sessionId: text('session_id').notNull(),
  messageId: bigint('message_id', { mode: 'number' }).notNull(),
  rating: smallint('rating').notNull(),
  comment: text('comment'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A customer opened a result card: part `part` of reply `messageId`, its card `item`; once per card and conversation. */
export const cardClicks = pgTable('card_clicks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  bot: text('bot').notNull(),
  sessionId: text('session_id').notNull(),
  messageId: bigint('message_id', { mode: 'number' }).notNull(),
  part: integer('part').notNull(),
  item: integer('item').notNull(),
  /** The card's title (and subtitle) as the reply showed it. */
  label: text('label').notNull(),
  /** The reply's first intent. */
  intent: text('intent').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const goldenExamples = pgTable('golden_examples', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  bot: text('bot').notNull(),
  userText: text('user_text').notNull(),
  reply: text('reply').notNull(),
  source: text('source').notNull(),
  sessionId: text('session_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const knowledgeChunks = pgTable('knowledge_chunks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  bot: text('bot').notNull(),
  doc: text('doc').notNull(),
  heading: text('heading').notNull(),
  content: text('content').notNull(),
  tsConfig: text('ts_config').notNull(),
});

/** An embedding model's vector of a text: `vector` is its float32 values, little-endian, in base64. */
export const exampleEmbeddings = pgTable(
  'example_embeddings',
  {
    model: text('model').notNull(),
    textHash: text('text_hash').notNull(),
    dim: integer('dim').notNull(),
    vector: text('vector').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.model, t.textHash] })],
);

export type SessionRow = typeof sessions.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
