// Tagged replies (seed 004): the model starts every reply with [INTENT:x]; the backend reads the
// tag for routing (e.g. handoff) and strips it from what the customer sees.
import type { ModelClient } from './client.ts';
import { wording, type BotLanguage } from './language.ts';
import type { ChatMessage } from './messages.ts';
import type { CallTrace } from './trace.ts';

const TAG = /\[INTENT:(\w+)\]/;
const ALL_TAGS = /\s*\[INTENT:\w+\]\s*/g;

export interface TaggedReply {
  intent: string;
  /** The reply without the tag: what the customer sees. */
  text: string;
  /** The tag the model used when it is not a known intent (then `intent` is the fallback). */
  unknownTag?: string;
}

export function parseIntentTag(reply: string, knownIntents: readonly string[], fallback: string): TaggedReply {
  const match = TAG.exec(reply);
  const text = reply.replace(ALL_TAGS, ' ').replace(/ {2,}/g, ' ').trim();
  if (!match) return { intent: fallback, text };
  const tag = match[1];
  if (knownIntents.includes(tag)) return { intent: tag, text };
  console.warn(`[llm] unknown intent tag [INTENT:${tag}] in a reply; treating it as "${fallback}"`);
  return { intent: fallback, text, unknownTag: tag };
}

/** The system-prompt section that asks for the tag (seed 004's "CLASIFICACION DE INTENCION"). */
export function intentTagInstructions(intents: readonly { id: string; label?: string; description?: string }[]): string {
  const list = intents.map((i) => `  - ${i.id}${i.label ? ` (${i.label})` : ''}${i.description ? `: ${i.description}` : ''}`).join('\n');
  return [
    '### INTENT CLASSIFICATION (MANDATORY)',
    '- Start EVERY reply with an intent tag in square brackets: [INTENT:intent_id], then your normal reply.',
    `- Available tags:\n${list}`,
    `- Example: [INTENT:${intents[0]?.id ?? 'intent_id'}] followed by the reply.`,
    '- ALWAYS include the tag. The system uses it for internal routing; the customer never sees it.',
    '- If the request needs a human (complaint, a fact you do not have), use the matching tag AND tell the customer you are passing them to a person.',
  ].join('\n');
}

/**
 * Wraps onDelta for a streamed tagged reply: holds text back until the leading tag is complete (or
 * clearly absent), so the customer never sees "[INTENT:…]".
 */
export function createIntentTagFilter(onDelta: (delta: string) => void): { push(delta: string): void; flush(): void } {
  let buffer = '';
  let decided = false;
  const emit = (text: string) => {
    if (text) onDelta(text);
  };
  return {
    push(delta) {
      if (decided) return emit(delta);
      buffer += delta;
      const lead = buffer.trimStart();
      if (lead.length === 0) return;
      const complete = /^\[INTENT:\w+\]\s*/.exec(lead);
      if (complete) {
        const rest = lead.slice(complete[0].length);
        if (!rest) return; // wait: the spaces after the tag may continue
        decided = true;
        buffer = '';
        return emit(rest);
      }
      if ('[INTENT:'.startsWith(lead) || /^\[INTENT:\w*$/.test(lead)) return; // could still become a tag
      decided = true;
      const out = buffer;
      buffer = '';
      emit(out);
    },
    flush() {
      if (!decided && buffer && !/^\s*\[INTENT:\w+\]\s*$/.test(buffer)) emit(buffer);
      buffer = '';
      decided = true;
    },
  };
}

export interface TaggedReplyRequest {
  client: ModelClient;
  persona: string;
  language: BotLanguage;
  intents: { id: string; label?: string; description?: string }[];
  fallback: string;
  message: string;
  history?: { role: 'user' | 'assistant'; content: string }[];
  /** Extra instructions or facts for this bot (prices, policies…). */
  context?: string;
  trace?: CallTrace[];
  onDelta?: (delta: string) => void;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** One model call that both answers and classifies (seed 004). Streams the reply without the tag. */
export async function generateTaggedReply(req: TaggedReplyRequest): Promise<TaggedReply> {
  const w = wording(req.language);
  const system = [req.persona, `Always reply in ${w.name}.`, req.context ?? '', intentTagInstructions(req.intents)].filter(Boolean).join('\n\n');
  const messages: ChatMessage[] = [{ role: 'system', content: system }];
  for (const m of req.history?.slice(-10) ?? []) messages.push({ role: m.role, content: m.content });
  messages.push({ role: 'user', content: req.message });
  const filter = req.onDelta ? createIntentTagFilter(req.onDelta) : undefined;
  const reply = await req.client.text(messages, {
    purpose: 'tagged_reply',
    trace: req.trace,
    timeoutMs: req.timeoutMs,
    signal: req.signal,
    onDelta: filter ? (d) => filter.push(d) : undefined,
  });
  filter?.flush();
  return parseIntentTag(reply, req.intents.map((i) => i.id), req.fallback);
}

