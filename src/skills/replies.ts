// The runtime's own skill replies, per language, used when a bot has no text of its own.
import type { Language } from '../nlu/types.ts';
import { toLanguage } from '../nlu/language.ts';
import type { SkillKind } from './decide.ts';

type ReplyKey = SkillKind | 'handoff_reason';

const DEFAULT_SKILL_REPLIES: Record<Language, Record<ReplyKey, string>> = {
  pt: {
    human: 'Claro! Vou chamar uma pessoa da equipe para continuar com você aqui mesmo, só um instante.',
    out_of_scope: 'Desculpe, isso foge do que eu sei responder por aqui. Posso ajudar com outra coisa?',
    greeting: 'Oi! Como posso ajudar?',
    thanks: 'Por nada! Se precisar de mais alguma coisa, é só chamar.',
    acknowledge: 'Combinado!',
    goodbye: 'Até mais! Quando precisar, é só mandar mensagem.',
    bot_question: 'Sou um assistente virtual. Se preferir falar com uma pessoa da equipe, é só pedir.',
    handoff_reason: 'Cliente pediu para falar com uma pessoa',
  },
  // Neutral Spanish (tú); Rioplatense bots (es-AR, es-UY, es-PY) get RIOPLATENSE below.
  es: {
    human: '¡Claro! Le paso tu consulta a alguien del equipo, que te va a responder por aquí en breve.',
    out_of_scope: 'Perdón, eso no es algo con lo que pueda ayudarte por aquí. ¿Te ayudo con otra cosa?',
    greeting: '¡Hola! ¿En qué te puedo ayudar?',
    thanks: '¡De nada! Si necesitas algo más, escríbeme.',
    acknowledge: '¡Perfecto!',
    goodbye: '¡Hasta luego! Cuando necesites, escríbeme.',
    bot_question: 'Soy un asistente virtual. Si prefieres hablar con una persona del equipo, pídemelo.',
    handoff_reason: 'El cliente pidió hablar con una persona',
  },
  vi: {
    human: 'Dạ vâng, mình sẽ chuyển bạn sang nhân viên tư vấn, bạn chờ một chút nhé.',
    out_of_scope: 'Xin lỗi bạn, câu này mình không hỗ trợ được ở đây. Mình có thể giúp gì khác không ạ?',
    greeting: 'Chào bạn! Mình có thể giúp gì cho bạn ạ?',
    thanks: 'Không có gì ạ! Cần gì bạn cứ nhắn mình nhé.',
    acknowledge: 'Dạ vâng ạ!',
    goodbye: 'Tạm biệt bạn! Khi cần cứ nhắn mình nhé.',
    bot_question: 'Mình là trợ lý ảo. Nếu bạn muốn nói chuyện với nhân viên, cứ nói mình nhé.',
    handoff_reason: 'Khách muốn nói chuyện với nhân viên',
  },
  en: {
    human: 'Of course! Someone from our team will pick up this conversation here shortly.',
    out_of_scope: "Sorry, that's not something I can help with here. Is there anything else I can do for you?",
    greeting: 'Hi! How can I help?',
    thanks: "You're welcome! Write any time you need something else.",
    acknowledge: 'Sure!',
    goodbye: 'Goodbye! Write whenever you need us.',
    bot_question: "I'm a virtual assistant. If you'd rather talk to a person from our team, just ask.",
    handoff_reason: 'The customer asked for a person',
  },
};

/** The texts that differ in Rioplatense Spanish (voseo, "por acá"). */
const RIOPLATENSE: Partial<Record<ReplyKey, string>> = {
  human: '¡Claro! Le paso tu consulta a alguien del equipo, que te va a responder por acá en breve.',
  out_of_scope: 'Perdón, eso no es algo con lo que pueda ayudarte por acá. ¿Te ayudo con otra cosa?',
  thanks: '¡De nada! Si necesitás algo más, escribime.',
  acknowledge: '¡Dale!',
  goodbye: '¡Hasta luego! Cuando necesites, escribime.',
  bot_question: 'Soy un asistente virtual. Si preferís hablar con una persona del equipo, pedímelo.',
};

/** Whether a bot's language tag is a Spanish spoken with voseo (Argentina, Uruguay, Paraguay). */
export function isRioplatense(language: string): boolean {
  return /^es-(?:AR|UY|PY)$/i.test(language);
}

/**
 * A skill's text: the bot's own reply of that name if it has one, else the runtime's in the bot's language
 * (`language` is the bot's tag, `es-MX`, or its language alone, `es`: neutral Spanish unless the tag is Rioplatense).
 */
export function skillReply(key: ReplyKey, language: string, botReplies: Record<string, string> = {}): string {
  const own = botReplies[key];
  if (own) return own;
  if (isRioplatense(language) && RIOPLATENSE[key]) return RIOPLATENSE[key];
  return DEFAULT_SKILL_REPLIES[toLanguage(language)][key];
}
