// No side effect on doubt: a turn whose specialists queued writes, understood below the bot's
// `understanding.confirmBelow`, writes nothing and asks instead ("Quer que eu crie uma proposta nova?"). A yes
// runs the first message again, sure this time; a no ends it; anything else is a new message.
import { extractEntities } from '../nlu/index.ts';
import type { Language, Understanding } from '../nlu/types.ts';
import { fillTemplate } from '../template/index.ts';
import { isRioplatense } from '../skills/index.ts';
import type { LoadedBot } from './registry.ts';

/** The memory key of a question waiting for its yes or no. */
export const CONFIRM_KEY = '_confirm';

export interface PendingConfirm {
  text: string;
  intent: string;
}

const DEFAULTS: Record<Language, { confirm: string; declined: string }> = {
  pt: { confirm: 'Só pra ter certeza: quer que eu siga com "{label}"? (sim/não)', declined: 'Tudo bem, não fiz nada. Como posso ajudar?' },
  es: { confirm: 'Para estar seguro: ¿quieres que siga con "{label}"? (sí/no)', declined: 'Listo, no hice nada. ¿En qué te ayudo?' },
  vi: { confirm: 'Cho mình xác nhận: bạn muốn mình thực hiện "{label}" không? (có/không)', declined: 'Vâng, mình chưa làm gì cả. Mình giúp gì được cho bạn?' },
  en: { confirm: 'Just to be sure: do you want me to go ahead with "{label}"? (yes/no)', declined: "Fine, I didn't do anything. How can I help?" },
};

const RIOPLATENSE_CONFIRM = 'Para estar seguro: ¿querés que siga con "{label}"? (sí/no)';

export function pendingConfirm(memory: Record<string, unknown> | null | undefined): PendingConfirm | undefined {
  const p = memory?.[CONFIRM_KEY] as PendingConfirm | undefined;
  return p && typeof p.text === 'string' && typeof p.intent === 'string' ? p : undefined;
}

/** A short yes or no ("sim", "pode sim", "não, deixa"), else undefined. */
export function yesOrNo(text: string, language: Language, now: Date): boolean | undefined {
  if (text.trim().split(/\s+/).length > 5) return undefined;
  const yes = extractEntities(text, { lang: language, now }).find((e) => e.type === 'yesno');
  return yes ? Boolean(yes.value) : undefined;
}

/** The intent in doubt when this turn's writes rest on an unsure reading, else null (the bot's setting 0: never). */
export function doubtfulWrite(bot: LoadedBot, understanding: Understanding, served: string[]): string | null {
  const below = bot.config.understanding.confirmBelow;
  if (!below || understanding.source !== 'local') return null;
  const confidence = understanding.unsure ? 0 : Math.max(0, ...understanding.intents.map((i) => i.confidence));
  return confidence < below ? (served[0] ?? understanding.intents[0]?.id ?? null) : null;
}

/** The question: the intent's `<intent>_confirm` reply, else the bot's `confirm` ({label}), else the runtime's. */
export function confirmQuestion(bot: LoadedBot, intent: string): string {
  const { replies } = bot.config;
  const label = bot.intents[intent]?.label ?? intent;
  const asked = isRioplatense(bot.config.language) ? RIOPLATENSE_CONFIRM : DEFAULTS[bot.language].confirm;
  return replies[`${intent}_confirm`] || fillTemplate(replies.confirm || asked, { label: label.toLowerCase() });
}

export function declinedReply(bot: LoadedBot): string {
  return bot.config.replies.confirm_declined || DEFAULTS[bot.language].declined;
}
