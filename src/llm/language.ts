// Bot languages as the prompts need them: the short code, the name to tell the model, and the few
// user-facing labels the prompts put around the customer's message.
import type { Language } from '../nlu/types.ts';
import { toLanguage } from '../nlu/language.ts';

/** A bot's language tag (`pt-BR`, `es-MX`, `en`…); its first two letters are the language the runtime reads. */
export type BotLanguage = string;

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

// Spanish varieties by region: the prompts name the one the bot speaks (Rioplatense for Argentina and Uruguay).
const SPANISH: Record<string, string> = {
  AR: 'Rioplatense Spanish (Argentina, voseo)',
  UY: 'Rioplatense Spanish (Uruguay, voseo)',
  MX: 'Mexican Spanish (tú)',
  ES: 'Peninsular Spanish (Spain, tú)',
  CO: 'Colombian Spanish',
  CL: 'Chilean Spanish',
  PE: 'Peruvian Spanish',
};

export function wording(language: BotLanguage | string): Wording {
  const base = WORDING[toLanguage(language)];
  const region = /^[a-z]{2}-([a-z0-9]+)/i.exec(language)?.[1]?.toUpperCase();
  if (toLanguage(language) === 'es') return { ...base, name: region ? (SPANISH[region] ?? `Spanish (${region})`) : 'Spanish' };
  if (toLanguage(language) === 'pt' && region === 'PT') return { ...base, name: 'European Portuguese' };
  return base;
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
