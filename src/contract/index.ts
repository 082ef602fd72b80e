// The wire contract of the HTTP API, defined once: the server's route schemas (and so its OpenAPI document)
// and the engine's result types come from these zod schemas, and the web console imports its types from here —
// the one module of src/ that web/ may import (test/architecture.test.ts).
import { z } from 'zod';
import type { SettingsAuditRow } from '../store/repos-settings.ts';

/** Who answers a conversation: the bot, nobody yet (waiting for a person), or a person. */
export const MODES = ['bot', 'handoff_pending', 'human'] as const;
export const modeSchema = z.enum(MODES);
export type Mode = z.infer<typeof modeSchema>;

/** The body of every 4xx/5xx answer. */
export const errorBodySchema = z.object({
  error: z.string().describe('bad_request, unauthorized, forbidden, not_found, conflict, too_many_requests, unavailable, internal_error…'),
  message: z.string().describe('what went wrong and what to do, for the caller'),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * UI parts: what a reply shows besides its text, as the Vercel AI SDK's data parts (`{type: 'data-<name>', id, data}`).
 * The web simulator renders them; messaging channels send only the reply's text, which stands alone without them.
 */
const cardSchema = z.object({
  title: z.string(),
  subtitle: z.string().optional(),
  /** Short lines under the title (a cut-off score, a shift). */
  lines: z.array(z.string()).default([]),
  /** A short highlight (a scholarship kind, a price). */
  badge: z.string().optional(),
  url: z.string().optional(),
});
/** `data-cards`: a list of results shown as cards. */
export const cardsDataSchema = z.object({
  title: z.string().optional(),
  items: z.array(cardSchema).max(50),
});
export type CardsData = z.infer<typeof cardsDataSchema>;

const formFieldSchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]*$/),
  label: z.string(),
  kind: z.enum(['number', 'money', 'text']).default('number'),
  min: z.number().optional(),
  max: z.number().optional(),
});
/**
 * `data-form`: a small form the customer fills in the chat; submitting sends `submit` (its {field} and {result}
 * placeholders filled) as the customer's next message, which answers the question the reply asked.
 */
export const formDataSchema = z.object({
  title: z.string(),
  /** A line under the title: what the form is for. */
  help: z.string().optional(),
  fields: z.array(formFieldSchema).min(1).max(12),
  /** A value computed as the customer types: `divide: [a, b]` is field a / field b (per-capita income). */
  compute: z.object({ divide: z.tuple([z.string(), z.string()]), label: z.string(), format: z.enum(['money', 'number']).default('number') }).optional(),
  /** The message sent on submit: {<field>} and {result} (the computed value, formatted) are filled in. */
  submit: z.string().min(1),
  /** The submit button's text. */
  button: z.string().default('OK'),
  /** The bot's language tag, which numbers are shown and sent in (set by the runtime). */
  locale: z.string().optional(),
});
export type FormData = z.infer<typeof formDataSchema>;

/** One UI part of a reply: `data-cards`, `data-form`, or a bot's own `data-<name>` (rendered as its JSON by the simulator). */
export const uiPartSchema = z.object({
  type: z.templateLiteral(['data-', z.string()]),
  id: z.string().optional(),
  data: z.record(z.string(), z.unknown()),
});
export type UiPart = z.infer<typeof uiPartSchema>;

/** What a turn produces, before the runtime stamps it (see chatResultSchema). */
export const turnResultSchema = z.object({
  sessionId: z.string(),
  /** Send it back (body or X-Session-Token) to continue the conversation. */
  sessionToken: z.string().optional(),
  /** null while a person has the conversation. */
  reply: z.string().nullable(),
  intents: z.array(z.string()),
  mode: modeSchema,
  handoff: z.boolean(),
  messageId: z.number().optional(),
  replyMessageId: z.number().optional(),
  turnId: z.string().optional(),
  path: z.string().optional(),
  workflow: z.string().nullable().optional(),
  /** The reply's UI parts (cards, a form), when it has any; also streamed as their own lines. */
  parts: z.array(uiPartSchema).optional(),
});
export type TurnResult = z.infer<typeof turnResultSchema>;

/** The reply to one user message (POST /api/bots/:bot/chat, POST /chat, and the `done` event of a streamed turn). */
export const chatResultSchema = turnResultSchema.extend({
  /** The turn's primary intent (the first of `intents`), or null when none ran (a paused bot, a stored retry without reply). */
  intent: z.string().nullable(),
  /** When the runtime answered, ISO 8601 (UTC). */
  timestamp: z.string(),
});
export type ChatResult = z.infer<typeof chatResultSchema>;

/** Events of a streamed turn (NDJSON), in the order they happen; the last is `done` or `error`. UI parts come after `text`. */
export const turnEventSchema = z.union([uiPartSchema, z.discriminatedUnion('type', [
  z.object({ type: z.literal('intent'), intents: z.array(z.string()), source: z.string(), entities: z.array(z.unknown()).optional() }),
  z.object({ type: z.literal('tool_start'), tool: z.string(), label: z.string().optional(), input: z.unknown().optional() }),
  z.object({ type: z.literal('tool_end'), tool: z.string(), output: z.unknown().optional(), ok: z.boolean().optional() }),
  /** The reply (after narration), once per turn. */
  z.object({ type: z.literal('text'), content: z.string() }),
  /** The reply as it is written: a model's live tokens, or (no model streaming) the reply's pieces before `text`. */
  z.object({ type: z.literal('text_delta'), content: z.string() }),
  /** Sent by the HTTP stream (not the turn) after a silence, so a long model or tool call keeps the connection busy. */
  z.object({ type: z.literal('keepalive') }),
  z.object({ type: z.literal('handoff'), mode: modeSchema, reason: z.string().optional() }),
  z.object({ type: z.literal('error'), message: z.string(), status: z.number().optional() }),
  z.object({ type: z.literal('done') }).extend(chatResultSchema.shape),
])]);
export type TurnEvent = z.infer<typeof turnEventSchema>;

/** A stored message as the console sees it. */
const messageSchema = z.object({
  id: z.number(),
  role: z.enum(['user', 'assistant', 'system']),
  source: z.enum(['', 'bot', 'human', 'system']),
  content: z.string(),
  intents: z.array(z.string()),
  turnId: z.string().nullable().optional(),
  /** A reply's UI parts (cards, a form) as the turn showed them. */
  parts: z.array(uiPartSchema).nullable().optional(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/** Console events (server-sent, GET /api/events), across every server process. */
export const consoleEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), bot: z.string(), sessionId: z.string(), message: messageSchema.omit({ turnId: true }) }),
  z.object({ type: z.literal('session'), bot: z.string(), sessionId: z.string(), mode: modeSchema, handoffReason: z.string(), handoffAt: z.string().nullable(), lastIntent: z.string() }),
  z.object({ type: z.literal('pending'), count: z.number() }),
  z.object({ type: z.literal('typing'), bot: z.string(), sessionId: z.string(), typing: z.boolean() }),
  /** A customer rated a bot message (the console raises an alert on a thumbs-down); `reply` is the rated text, cut short. */
  z.object({ type: z.literal('feedback'), bot: z.string(), sessionId: z.string(), messageId: z.number(), rating: z.union([z.literal(1), z.literal(-1)]), comment: z.string().nullable(), reply: z.string(), createdAt: z.string() }),
  /** A customer opened a result card of a reply (counted once per card and conversation); `label` is the card's title. */
  z.object({ type: z.literal('click'), bot: z.string(), sessionId: z.string(), messageId: z.number(), label: z.string(), intent: z.string(), createdAt: z.string() }),
]);
export type ConsoleEvent = z.infer<typeof consoleEventSchema>;

// Shapes the console reads as the server's modules define them (types only).
export type { ModelCallRecord, TraceEntry } from '../engine/types.ts';
export type { GoldenExample } from '../feedback/golden.ts';
/** A settings-audit row as `GET /api/settings/audit` sends it (its time as an ISO string). */
export type SettingsAuditEntry = Omit<SettingsAuditRow, 'createdAt'> & { createdAt: string };
export type { KnowledgeDocSummary } from '../knowledge/documents.ts';
