// Grounded replies: the model answers from retrieved knowledge passages only, in the bot's
// language and persona, streaming through onDelta.
import type { ModelClient } from './client.ts';
import { transcript, wording, type BotLanguage } from './language.ts';
import type { ChatMessage } from './messages.ts';
import type { CallTrace } from './trace.ts';

export interface GroundedReplyRequest {
  client: ModelClient;
  persona: string;
  language: BotLanguage;
  question: string;
  passages: string[];
  history?: { role: 'user' | 'assistant'; content: string }[];
  trace?: CallTrace[];
  onDelta?: (delta: string) => void;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export function groundedMessages(req: Omit<GroundedReplyRequest, 'client' | 'trace' | 'onDelta'>): ChatMessage[] {
  const w = wording(req.language);
  const passages = req.passages.length
    ? req.passages.map((p, i) => `[${i + 1}] ${p.trim()}`).join('\n\n')
    : '(no passage was found)';
  const system = [
    req.persona,
    `Reply in ${w.name}, briefly and in the persona's voice.`,
    'Answer ONLY with facts from the passages below. Do not invent prices, dates, addresses or policies.',
    'If the passages do not answer the question, say so plainly and offer to pass the customer to a person.',
    'Do not mention "passages" or numbers in brackets to the customer.',
    '',
    'Passages:',
    passages,
  ]
    .filter((line) => line !== undefined)
    .join('\n');
  const history = transcript(req.history, req.language);
  const user = history ? `${w.history}:\n${history}\n\n${w.lastMessage}: ${req.question}` : req.question;
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

export async function generateGroundedReply(req: GroundedReplyRequest): Promise<string> {
  const text = await req.client.text(groundedMessages(req), {
    purpose: 'grounded_reply',
    trace: req.trace,
    onDelta: req.onDelta,
    timeoutMs: req.timeoutMs,
    signal: req.signal,
  });
  return text.trim();
}
