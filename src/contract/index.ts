// The wire contract of the HTTP API, defined once: the server's route schemas (and so its OpenAPI document)
// and the engine's result types come from these zod schemas, and the web console imports its types from here —
// the one module of src/ that web/ may import (test/architecture.test.ts).
import { z } from 'zod';

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

/** The reply to one user message (POST /api/bots/:bot/chat, and the `done` event of a streamed turn). */
export const chatResultSchema = z.object({
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
});
export type ChatResult = z.infer<typeof chatResultSchema>;

/** Events of a streamed turn (NDJSON), in the order they happen; the last is `done` or `error`. */
export const turnEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('intent'), intents: z.array(z.string()), source: z.string(), entities: z.array(z.unknown()).optional() }),
  z.object({ type: z.literal('tool_start'), tool: z.string(), label: z.string().optional(), input: z.unknown().optional() }),
  z.object({ type: z.literal('tool_end'), tool: z.string(), output: z.unknown().optional(), ok: z.boolean().optional() }),
  /** The reply (after narration), once per turn. */
  z.object({ type: z.literal('text'), content: z.string() }),
  /** Live tokens of a model-written part, before narration. */
  z.object({ type: z.literal('text_delta'), content: z.string() }),
  z.object({ type: z.literal('handoff'), mode: modeSchema, reason: z.string().optional() }),
  z.object({ type: z.literal('error'), message: z.string(), status: z.number().optional() }),
  z.object({ type: z.literal('done') }).extend(chatResultSchema.shape),
]);
export type TurnEvent = z.infer<typeof turnEventSchema>;

/** A stored message as the console sees it. */
const messageSchema = z.object({
  id: z.number(),
  role: z.enum(['user', 'assistant', 'system']),
  source: z.enum(['', 'bot', 'human', 'system']),
  content: z.string(),
  intents: z.array(z.string()),
  turnId: z.string().nullable().optional(),
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
]);
export type ConsoleEvent = z.infer<typeof consoleEventSchema>;

// Shapes the console reads as the server's modules define them (types only).
export type { ModelCallRecord, TraceEntry } from '../engine/types.ts';
export type { GoldenExample } from '../feedback/golden.ts';
export type { KnowledgeDocSummary } from '../knowledge/documents.ts';
