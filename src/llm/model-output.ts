// What a model's answer holds for ModelClient: the JSON schema a structured call sends, the
// structured candidate read back from a tool call or text, the repair prompt after invalid output,
// and token usage.
import type { AIMessage } from '@langchain/core/messages';
import { z, type ZodType } from 'zod';
import { parseJsonLoose } from './json.ts';
import { messageText, type ChatMessage } from './messages.ts';
import type { CallTrace } from './trace.ts';

export type Usage = { inputTokens: number; outputTokens: number };

/**
 * JSON schema sent to the provider; zod stays the judge of what comes back. Output mode makes
 * fields with defaults required (what OpenAI's strict mode wants); `default` and `$schema` are
 * dropped because not every provider's schema dialect accepts them.
 */
export function jsonSchemaOf(schema: ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return withoutKey(json, 'default') as Record<string, unknown>;
}

function withoutKey(value: unknown, key: string, isPropertyMap = false): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutKey(v, key));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => isPropertyMap || k !== key) // a field may be called "default"
      .map(([k, v]) => [k, withoutKey(v, key, !isPropertyMap && k === 'properties')]),
  );
}

export function usageOf(message: { usage_metadata?: { input_tokens?: number; output_tokens?: number } }): Usage {
  return { inputTokens: message.usage_metadata?.input_tokens ?? 0, outputTokens: message.usage_metadata?.output_tokens ?? 0 };
}

export function mergeUsage(a: Usage, b: Usage): Usage {
  // Providers report usage once (OpenAI, Anthropic's final delta) or cumulatively (Gemini): keep the largest.
  return { inputTokens: Math.max(a.inputTokens, b.inputTokens), outputTokens: Math.max(a.outputTokens, b.outputTokens) };
}

/** What a structured answer holds: the forced tool's arguments, or the JSON text of the content. */
export function structuredCandidate(raw: AIMessage): unknown {
  const call = raw.tool_calls?.[0];
  if (call) return call.args;
  const invalid = raw.invalid_tool_calls?.[0];
  if (invalid) return parseJsonLoose(String(invalid.args ?? ''));
  return parseJsonLoose(messageText(raw));
}

export function rawStructuredText(raw: AIMessage): string {
  const call = raw.tool_calls?.[0];
  if (call) return JSON.stringify(call.args);
  const invalid = raw.invalid_tool_calls?.[0];
  if (invalid) return String(invalid.args ?? '');
  return messageText(raw);
}

export function markInvalid(entry: CallTrace, problem: string): void {
  entry.ok = false;
  entry.error = `invalid output: ${problem.slice(0, 300)}`;
}

export function repairMessages(messages: ChatMessage[], raw: string | undefined, problem: string): ChatMessage[] {
  const repair: ChatMessage[] = [];
  if (raw) repair.push({ role: 'assistant', content: raw });
  repair.push({
    role: 'user',
    content: `Your previous answer was invalid: ${problem}\nAnswer again with only the corrected JSON, matching the required schema exactly.`,
  });
  return [...messages, ...repair];
}

/**
 * The longest text a model call returns (UTF-16 code units): twice the longest message a customer may send. A
 * reply is stored, rendered and sent to channels, so a model that runs on (a repetition loop, a broken or hostile
 * endpoint) must not decide how much work and how many messages it causes.
 */
export const MAX_MODEL_TEXT_CHARS = 8000;

/** The first `max` code units of `text`, never ending inside a surrogate pair. */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, Math.max(0, max));
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}
