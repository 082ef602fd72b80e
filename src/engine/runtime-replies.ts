// The runtime's own lines for what a bot's replies may leave out — a part of the answer that failed, writes that
// failed, a sign-in the bot requires — in the bot's language, so a bot written in YAML alone never answers its
// customers in English by accident.
import type { Language } from '../nlu/types.ts';

export type RuntimeReplyKey = 'error' | 'write_failed' | 'blocked_unknown_user' | 'message_too_long';

const RUNTIME_REPLIES: Record<Language, Record<RuntimeReplyKey, string>> = {
  pt: {
    error: 'Desculpe, não consegui responder a uma parte do seu pedido agora.',
    write_failed: 'Desculpe, não consegui concluir isso agora. Sua mensagem ficou salva; tente de novo daqui a pouco.',
    blocked_unknown_user: 'Para continuar, entre com a sua conta, por favor.',
    message_too_long: 'Sua mensagem é longa demais para eu ler de uma vez. Pode me mandar uma versão mais curta?',
  },
  es: {
    error: 'Perdón, no pude responder una parte de tu pedido en este momento.',
    write_failed: 'Perdón, no pude completar eso ahora. Tu mensaje quedó guardado; vuelve a intentarlo en un momento.',
    blocked_unknown_user: 'Para continuar, inicia sesión, por favor.',
    message_too_long: 'Tu mensaje es demasiado largo para leerlo de una vez. ¿Me mandas una versión más corta?',
  },
  vi: {
    error: 'Xin lỗi, hiện mình chưa trả lời được một phần yêu cầu của bạn.',
    write_failed: 'Xin lỗi, hiện mình chưa hoàn tất được việc này. Tin nhắn của bạn đã được lưu, bạn thử lại sau ít phút nhé.',
    blocked_unknown_user: 'Bạn vui lòng đăng nhập để tiếp tục nhé.',
    message_too_long: 'Tin nhắn của bạn dài quá, mình không đọc hết một lần được. Bạn gửi bản ngắn hơn giúp mình nhé?',
  },
  en: {
    error: 'Sorry, part of your request could not be handled right now.',
    write_failed: 'Sorry, I could not complete that just now. Your message is saved; please try again in a moment.',
    blocked_unknown_user: 'Please sign in to continue.',
    message_too_long: 'Your message is too long for me to read at once. Could you send a shorter version?',
  },
};

/** The bot's reply of that name (`write_failed` falls back to its `error`), else the runtime's in its language. */
export function runtimeReply(key: RuntimeReplyKey, language: string, replies: Record<string, string>): string {
  const own = replies[key] ?? (key === 'write_failed' ? replies.error : undefined);
  if (own) return own;
  const lang = language.slice(0, 2).toLowerCase();
  return RUNTIME_REPLIES[(lang in RUNTIME_REPLIES ? lang : 'en') as Language][key];
}
