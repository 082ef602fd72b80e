// Fixed texts the channels add to a conversation, per bot language. A bot overrides them in bot.yaml
// `replies`: media_unsupported, audio_unsupported, message_unsupported, channel_order ({items}),
// channel_delivery_failed ({channel}), channel_delivery_rejected ({channel}, {error}), channel_status_failed ({channel}).
import type { BotConfig } from '../bot/config.ts';
import type { ChannelNote, DeliveryStatusReport, InboundMessage, MessageKind, OrderCart } from './types.ts';
import { isRioplatense } from '../skills/index.ts';

type Lang = 'es' | 'pt' | 'en' | 'vi';

const MEDIA_UNSUPPORTED: Record<Lang, string> = {
  es: 'Por ahora solo puedo leer mensajes de texto. ¿Me lo puedes escribir?',
  pt: 'Por enquanto só consigo ler mensagens de texto. Pode me escrever?',
  en: 'For now I can only read text messages. Could you type it for me?',
  vi: 'Hiện tại mình chỉ đọc được tin nhắn văn bản. Bạn nhắn chữ giúp mình nhé?',
};

const DELIVERY_FAILED: Record<Lang, string> = {
  es: '[Sistema] No se pudo entregar la respuesta por {channel}',
  pt: '[Sistema] Não foi possível entregar a resposta pelo {channel}',
  en: '[System] The reply could not be delivered via {channel}',
  vi: '[Hệ thống] Không thể gửi câu trả lời qua {channel}',
};

const DELIVERY_REJECTED: Record<Lang, string> = {
  es: '[Sistema] {channel} no entregó la respuesta',
  pt: '[Sistema] O {channel} não entregou a resposta',
  en: '[System] {channel} did not deliver the reply',
  vi: '[Hệ thống] {channel} không gửi được câu trả lời',
};

/** WhatsApp's 131047: the customer has not written in 24 hours, so only an approved template may be sent. */
const OUTSIDE_WINDOW: Record<Lang, string> = {
  es: 'pasaron más de 24 horas desde el último mensaje del cliente; fuera de esa ventana WhatsApp solo acepta plantillas aprobadas',
  pt: 'passaram mais de 24 horas desde a última mensagem do cliente; fora dessa janela o WhatsApp só aceita modelos aprovados',
  en: 'more than 24 hours have passed since the customer last wrote; outside that window WhatsApp only accepts approved templates',
  vi: 'đã quá 24 giờ kể từ tin nhắn cuối của khách; ngoài khoảng này WhatsApp chỉ nhận mẫu tin đã duyệt',
};

const STATUS_FAILED: Record<Lang, string> = {
  es: '[Sistema] No se pudo pasar la conversación a un agente en {channel}',
  pt: '[Sistema] Não foi possível passar a conversa para um agente no {channel}',
  en: '[System] The conversation could not be handed to an agent in {channel}',
  vi: '[Hệ thống] Không thể chuyển cuộc trò chuyện cho nhân viên trên {channel}',
};

const STATUS_UNKNOWN: Record<Lang, string> = {
  es: '[Sistema] El bot retoma la conversación, pero este Chatwoot no deja leer su estado: el bot solo responderá cuando un agente la pase a "pendiente" en Chatwoot',
  pt: '[Sistema] O bot retoma a conversa, mas este Chatwoot não deixa ler o status dela: o bot só responderá quando um agente a puser como "pendente" no Chatwoot',
  en: '[System] The bot takes the conversation back, but this Chatwoot does not let it read the status: the bot answers only once an agent sets it to "pending" in Chatwoot',
  vi: '[Hệ thống] Bot nhận lại cuộc trò chuyện, nhưng Chatwoot này không cho đọc trạng thái: bot chỉ trả lời khi nhân viên chuyển nó sang "chờ" trong Chatwoot',
};

const NUMBER_CHANGED: Record<Lang, string> = {
  es: '[Sistema] El cliente cambió su número de {channel}',
  pt: '[Sistema] O cliente mudou o número do {channel}',
  en: '[System] The customer changed their {channel} number',
  vi: '[Hệ thống] Khách đã đổi số {channel}',
};

const NEW_NUMBER: Record<Lang, string> = { es: 'ahora es', pt: 'agora é', en: 'now', vi: 'số mới là' };

const DELETED_BY_CUSTOMER: Record<Lang, string> = {
  es: '[Sistema] El cliente borró un mensaje en {channel}',
  pt: '[Sistema] O cliente apagou uma mensagem no {channel}',
  en: '[System] The customer deleted a message in {channel}',
  vi: '[Hệ thống] Khách đã xóa một tin nhắn trên {channel}',
};

const DELETED_BY_BUSINESS: Record<Lang, string> = {
  es: '[Sistema] Se borró desde el teléfono del negocio un mensaje enviado al cliente por {channel}',
  pt: '[Sistema] Uma mensagem enviada ao cliente pelo {channel} foi apagada no telefone da empresa',
  en: "[System] A message sent to the customer via {channel} was deleted from the business's phone",
  vi: '[Hệ thống] Một tin nhắn gửi cho khách qua {channel} đã bị xóa từ điện thoại của cửa hàng',
};

const INBOUND_FAILED: Record<Lang, string> = {
  es: '[Sistema] Un mensaje del cliente por {channel} no se pudo procesar tras varios intentos; revísalo en el panel de canales',
  pt: '[Sistema] Uma mensagem do cliente pelo {channel} não pôde ser processada após várias tentativas; veja no painel de canais',
  en: '[System] A customer message via {channel} could not be processed after several attempts; see the channels stats',
  vi: '[Hệ thống] Một tin nhắn của khách qua {channel} không xử lý được sau nhiều lần thử; xem thống kê kênh',
};

const AUDIO_UNSUPPORTED: Record<Lang, string> = {
  es: 'Por ahora no puedo escuchar audios. ¿Me lo puedes escribir?',
  pt: 'Por enquanto não consigo ouvir áudios. Pode me escrever?',
  en: "For now I can't listen to voice messages. Could you type it for me?",
  vi: 'Hiện tại mình chưa nghe được tin nhắn thoại. Bạn nhắn chữ giúp mình nhé?',
};

const MESSAGE_UNSUPPORTED: Record<Lang, string> = {
  es: 'No pude abrir ese tipo de mensaje. ¿Me lo puedes escribir?',
  pt: 'Não consegui abrir esse tipo de mensagem. Pode me escrever?',
  en: "I couldn't open that kind of message. Could you type it for me?",
  vi: 'Mình không mở được loại tin nhắn này. Bạn nhắn chữ giúp mình nhé?',
};

const ORDER: Record<Lang, string> = {
  es: 'Pedido del catálogo: {items}',
  pt: 'Pedido do catálogo: {items}',
  en: 'Catalogue order: {items}',
  vi: 'Đơn hàng từ danh mục: {items}',
};

const LABELS: Record<Lang, Record<Exclude<MessageKind, 'text'>, string>> = {
  es: { button: 'botón', image: 'imagen', audio: 'audio', video: 'video', document: 'documento', sticker: 'sticker', location: 'ubicación', contact: 'contacto', reaction: 'reacción', order: 'pedido', poll: 'encuesta', poll_vote: 'voto en encuesta', unsupported: 'mensaje no compatible' },
  pt: { button: 'botão', image: 'imagem', audio: 'áudio', video: 'vídeo', document: 'documento', sticker: 'figurinha', location: 'localização', contact: 'contato', reaction: 'reação', order: 'pedido', poll: 'enquete', poll_vote: 'voto na enquete', unsupported: 'mensagem não suportada' },
  en: { button: 'button', image: 'image', audio: 'audio', video: 'video', document: 'document', sticker: 'sticker', location: 'location', contact: 'contact', reaction: 'reaction', order: 'order', poll: 'poll', poll_vote: 'poll vote', unsupported: 'unsupported message' },
  vi: { button: 'nút', image: 'hình ảnh', audio: 'âm thanh', video: 'video', document: 'tài liệu', sticker: 'nhãn dán', location: 'vị trí', contact: 'liên hệ', reaction: 'cảm xúc', order: 'đơn hàng', poll: 'bình chọn', poll_vote: 'phiếu bình chọn', unsupported: 'tin nhắn không hỗ trợ' },
};

const lang = (config: BotConfig): Lang => {
  const l = config.language.slice(0, 2);
  return (l === 'es' || l === 'pt' || l === 'vi' ? l : 'en') as Lang;
};

const fill = (t: string, channel: string) => t.replace(/\{channel\}/g, channel);

const RIOPLATENSE: Partial<Record<string, string>> = {
  media_unsupported: 'Por ahora solo puedo leer mensajes de texto. ¿Me lo podés escribir?',
  audio_unsupported: 'Por ahora no puedo escuchar audios. ¿Me lo podés escribir?',
  message_unsupported: 'No pude abrir ese tipo de mensaje. ¿Me lo podés escribir?',
};

const own = (config: BotConfig, key: string, texts: Record<Lang, string>) =>
  config.replies[key] ?? (isRioplatense(config.language) ? RIOPLATENSE[key] : undefined) ?? texts[lang(config)];

export const mediaUnsupportedText = (config: BotConfig) => own(config, 'media_unsupported', MEDIA_UNSUPPORTED);

/**
 * The one line a message the bot cannot read gets, and its intent in the transcript: voice notes and audio
 * (`audio_unsupported`), message types no one can open here (`message_unsupported`: view-once media, polls),
 * other media without a caption (`media_unsupported`).
 */
export function unreadableLine(config: BotConfig, kind: MessageKind | undefined): { text: string; intent: string } {
  if (kind === 'audio') return { text: own(config, 'audio_unsupported', AUDIO_UNSUPPORTED), intent: 'audio_unsupported' };
  if (kind === 'unsupported' || kind === 'poll' || kind === 'order') return { text: own(config, 'message_unsupported', MESSAGE_UNSUPPORTED), intent: 'message_unsupported' };
  return { text: mediaUnsupportedText(config), intent: 'media_unsupported' };
}

/** A catalogue cart as the text the bot reads: "Pedido del catálogo: 2 × SKU-1, 1 × SKU-2. <the customer's note>". */
export function orderText(config: BotConfig, order: OrderCart): string | null {
  if (!order.items.length) return null;
  const items = order.items.map((i) => `${i.quantity} × ${i.product}`).join(', ');
  const line = (config.replies.channel_order ?? ORDER[lang(config)]).replace(/\{items\}/g, items);
  return order.note?.trim() ? `${line}. ${order.note.trim()}` : line;
}

/** A catalogue order without text: the turn reads the cart as the bot's language writes it. */
export const withOrderText = (config: BotConfig, msg: InboundMessage): InboundMessage =>
  msg.kind === 'order' && msg.text === null && msg.order ? { ...msg, text: orderText(config, msg.order) } : msg;

/** A send that failed every attempt; the provider's error code, when it named one, follows in parentheses. */
export const deliveryFailedText = (config: BotConfig, channel: string, code?: string | null) =>
  `${fill(config.replies.channel_delivery_failed ?? DELIVERY_FAILED[lang(config)], channel)}${code ? ` (${code})` : ''}`;

/** A failure the provider reported after accepting the send, with its reason ({error} in a bot's own text). */
export const deliveryRejectedText = (config: BotConfig, channel: string, report: Pick<DeliveryStatusReport, 'code' | 'error'>) => {
  const reason = report.code === '131047' ? `${OUTSIDE_WINDOW[lang(config)]} (131047)` : report.error;
  const own = config.replies.channel_delivery_rejected;
  return own ? fill(own, channel).replace(/\{error\}/g, reason) : `${fill(DELIVERY_REJECTED[lang(config)], channel)}: ${reason}`;
};

/** A webhook message that gave up after failing or being interrupted too many times (bot.yaml `replies.channel_inbound_failed`). */
export const inboundFailedText = (config: BotConfig, channel: string) => fill(config.replies.channel_inbound_failed ?? INBOUND_FAILED[lang(config)], channel);

/** Back to the bot on a Chatwoot that will not tell the conversation's status: Switchboard does not toggle it (bot.yaml `replies.channel_status_unknown`). */
export const statusUnknownText = (config: BotConfig) => config.replies.channel_status_unknown ?? STATUS_UNKNOWN[lang(config)];

export const statusFailedText = (config: BotConfig, channel: string) => fill(config.replies.channel_status_failed ?? STATUS_FAILED[lang(config)], channel);

/** What the transcript says of a number change or a deletion (an owner's reply is kept as their own text). */
export function noteText(config: BotConfig, note: Exclude<ChannelNote, { kind: 'owner_reply' }>, channel: string): string {
  const l = lang(config);
  if (note.kind === 'deleted') return fill((note.by === 'customer' ? DELETED_BY_CUSTOMER : DELETED_BY_BUSINESS)[l], channel);
  return `${fill(NUMBER_CHANGED[l], channel)}${note.newNumber ? `: ${NEW_NUMBER[l]} +${note.newNumber}` : ''}`;
}

/** What the transcript shows of a customer message: its text, after "[kind]" for anything but plain text. */
export function transcriptLine(config: BotConfig, msg: Pick<InboundMessage, 'kind' | 'text' | 'detail' | 'tooLong'>): string {
  const text = msg.text === null ? '' : msg.tooLong !== undefined ? `${msg.text} […]` : msg.text;
  if (!msg.kind || msg.kind === 'text') return text;
  const shown = [msg.detail?.trim(), text].filter(Boolean).join(' ');
  return `[${LABELS[lang(config)][msg.kind]}]${shown ? ` ${shown}` : ''}`;
}
