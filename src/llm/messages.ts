// The narrow message shape the rest of Switchboard uses, and its conversion to LangChain messages.
import { AIMessage, HumanMessage, SystemMessage, type BaseMessage } from '@langchain/core/messages';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * Converts to LangChain messages. System messages are merged into one at the start: Anthropic and
 * Gemini accept a single leading system prompt only.
 */
export function toLangChainMessages(messages: readonly ChatMessage[]): BaseMessage[] {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
  const rest = messages.filter((m) => m.role !== 'system');
  const out: BaseMessage[] = [];
  if (system.length) out.push(new SystemMessage(system.join('\n\n')));
  for (const m of rest) out.push(m.role === 'user' ? new HumanMessage(m.content) : new AIMessage(m.content));
  return out;
}

/** The text of a LangChain message or chunk: a string, or the text blocks of a content array. */
export function messageText(message: { content: unknown }): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block: any) => {
      if (typeof block === 'string') return block;
      if (block?.type === 'text' || block?.type === 'text_delta') return String(block.text ?? '');
      return '';
    })
    .join('');
}
