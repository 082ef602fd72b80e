// Bot languages as the prompts need them: the short code, the name to tell the model, and the few
// user-facing labels the prompts put around the customer's message.
import type { Language } from '../nlu/types.ts';

export type BotLanguage = Language | 'pt-BR' | 'es-AR';

export function toLanguage(language: BotLanguage | string): Language {
  const code = language.toLowerCase().slice(0, 2);
  if (code === 'pt' || code === 'es' || code === 'vi' || code === 'en') return code;
  return 'en';
}

interface Wording {
  /** How to name the language to the model. */
  name: string;
  /** Label before the customer's latest message (seed 000: "ultima mensagem do cliente"). */
  lastMessage: string;
  /** Heading of the recent conversation block. */
  history: string;
  customer: string;
  assistant: string;
}

const WORDING: Record<Language, Wording> = {
  pt: { name: 'Brazilian Portuguese', lastMessage: 'ultima mensagem do cliente', history: 'conversa recente', customer: 'cliente', assistant: 'assistente' },
  es: { name: 'Rioplatense Spanish (Argentina, voseo)', lastMessage: 'ultimo mensaje del cliente', history: 'conversacion reciente', customer: 'cliente', assistant: 'asistente' },
  vi: { name: 'Vietnamese', lastMessage: 'tin nhắn cuối cùng của khách hàng', history: 'hội thoại gần đây', customer: 'khách hàng', assistant: 'trợ lý' },
  en: { name: 'English', lastMessage: 'last customer message', history: 'recent conversation', customer: 'customer', assistant: 'assistant' },
};

export function wording(language: BotLanguage | string): Wording {
  return WORDING[toLanguage(language)];
}

/** The last `max` history turns as a transcript in the bot's language. */
export function transcript(history: readonly { role: 'user' | 'assistant'; content: string }[] | undefined, language: BotLanguage | string, max = 6): string {
  if (!history?.length) return '';
  const w = wording(language);
  return history
    .slice(-max)
    .map((m) => `${m.role === 'user' ? w.customer : w.assistant}: ${m.content}`)
    .join('\n');
}
