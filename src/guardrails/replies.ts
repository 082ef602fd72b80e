// Default block messages per category and language, for bots that do not define their own.
// Self-harm replies point to help (Brazil: CVV, 188, free, 24 h) instead of just refusing.
import type { GuardrailCategory } from './rules/index.ts';
import type { GuardrailLanguage } from './classify.ts';

const DEFAULTS: Record<GuardrailLanguage, Record<GuardrailCategory, string>> = {
  pt: {
    self_harm:
      'Sinto muito que você esteja passando por isso. Você não está sozinho(a): ligue para o CVV no 188 (gratuito, 24 horas) ou acesse cvv.org.br. Em emergência, ligue 192 (SAMU).',
    prompt_injection: 'Não posso mudar minhas instruções nem mostrar minha configuração. Posso te ajudar com outra coisa?',
    abuse: 'Vamos manter a conversa respeitosa, combinado? Estou aqui para ajudar.',
    data_fishing: 'Não posso compartilhar dados de outras pessoas nem informações internas do sistema.',
  },
  es: {
    self_harm:
      'Lamento que estés pasando por esto. No estás solo/a: buscá ayuda ya en la línea de prevención del suicidio de tu país o en el servicio de emergencias local.',
    prompt_injection: 'No puedo cambiar mis instrucciones ni mostrar mi configuración. ¿Te ayudo con otra cosa?',
    abuse: 'Mantengamos una conversación respetuosa, ¿sí? Estoy para ayudarte.',
    data_fishing: 'No puedo compartir datos de otras personas ni información interna del sistema.',
  },
  vi: {
    self_harm: 'Mình rất tiếc khi bạn đang trải qua điều này. Hãy liên hệ ngay đường dây hỗ trợ khẩn cấp hoặc người thân mà bạn tin tưởng.',
    prompt_injection: 'Mình không thể thay đổi hướng dẫn hoặc tiết lộ cấu hình của mình. Mình có thể giúp gì khác không?',
    abuse: 'Chúng ta hãy trò chuyện lịch sự nhé. Mình ở đây để giúp bạn.',
    data_fishing: 'Mình không thể chia sẻ dữ liệu của người khác hoặc thông tin nội bộ của hệ thống.',
  },
  en: {
    self_harm:
      "I'm sorry you're going through this. You're not alone: please contact a local crisis line or emergency services right now (in the US, call or text 988).",
    prompt_injection: "I can't change my instructions or reveal my configuration. Can I help with something else?",
    abuse: "Let's keep this respectful, please. I'm here to help.",
    data_fishing: "I can't share other people's data or internal system information.",
  },
};

export function defaultBlockReply(category: GuardrailCategory, lang: GuardrailLanguage = 'pt'): string {
  return DEFAULTS[lang][category];
}
