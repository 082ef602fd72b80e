// classify_question's corrections, with what only this bot knows: the catalogue vocabulary, the
// previous search and the knowledge topics.
// - right after a product search, a short message that only changes colour, size, price or material
//   (another colour, or "too expensive, anything cheaper") continues the purchase;
// - a message naming something to buy ("có balo đi học không shop") is a purchase, unless it asks
//   about a shop topic (how to wash it, what to wear it with, shipping…);
// - a question about a shop topic the classifier took for off-topic ("phí vận chuyển về tỉnh") is an inquiry.
import { cue, extractProductEntities, fold, type CatalogVocabulary, type ProductEntities } from './entities.ts';
import { type BotConfig, isShortFollowUp, readBotQuery, readListPosition, splitClauses, topicRouterFor } from 'switchboard';

export interface RefineInput {
  text: string;
  intents: string[];
  /** memory.fashion of the conversation. */
  fashion: { classification_decision?: string; last_search?: { entities: ProductEntities; products?: unknown[] } } | undefined;
  vocabulary: CatalogVocabulary;
  /** The bot's config: its `knowledgeTopics` (shop topics, follow-up patterns). */
  bot: BotConfig;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * "có balo đi học không", "shop còn áo polo nào không", "bán quần jean ko": whether the shop has the
 * product type — a purchase question even when it also names an occasion or a use.
 */
function asksAvailability(f: string, productType: string, vocabulary: CatalogVocabulary): boolean {
  const names = [...new Set(vocabulary.productTypes[productType]?.synonyms.map((s) => fold(s.toLowerCase())) ?? [])].sort((a, b) => b.length - a.length);
  if (!names.length) return false;
  const gap = '(?:(?!nen |the |duoc |phai )[\\p{L}\\p{N}]+\\s+){0,2}?';
  const type = `(?:${names.map(escape).join('|')})`;
  const no = '(?:khong|ko|k|kh|hok|hong|khum|chua|nao)(?![\\p{L}])';
  const re = new RegExp(`(?<![\\p{L}])(?:co ban|co|ban|con)\\s+${gap}${type}(?![\\p{L}]).*(?<![\\p{L}])${no}`, 'u');
  // "hoodie xám còn không": the product first, then whether it is in stock
  const inStock = new RegExp(`(?<![\\p{L}])${type}(?![\\p{L}])(?:\\s+[\\p{L}\\p{N}]+){0,3}?\\s+con\\s+(?:hang\\s+)?${no}`, 'u');
  return re.test(f) || inStock.test(f);
}

const hasConstraint = (e: ProductEntities) => Boolean(e.color || e.size || e.material || e.price || e.keywords.length || e.product_type);

/** A question's words (folded): "không", "bao nhiêu", "mấy", "sao"… or a question mark. */
const QUESTION = /(?<![\p{L}])(?:khong|ko|k|kh|hok|hong|khum|chua|bao nhieu|bao lau|may|sao|the nao|nhu nao|gi|dau|khi nao|luc nao)(?![\p{L}])|\?/u;

/** A clause naming a product type and asking whether the shop has it. */
function asksForProduct(clause: string, vocabulary: CatalogVocabulary): boolean {
  const type = extractProductEntities(clause, vocabulary).product_type;
  return Boolean(type) && asksAvailability(fold(clause), type!, vocabulary);
}

/** The message gives the customer's height or weight (bot.yaml `queries.body`) and names no colour, budget nor product name. */
function asksFit(text: string, bot: BotConfig, entities: ProductEntities): boolean {
  const body = readBotQuery(bot, 'body', text);
  return (body.height !== undefined || body.weight !== undefined) && !entities.color && !entities.price && !entities.keywords.length;
}

export function refineIntents(input: RefineInput): string[] {
  const { text, intents, fashion, vocabulary, bot } = input;
  const topics = topicRouterFor(bot)!;
  const f = fold(text);
  const entities = extractProductEntities(text, vocabulary);
  // after a shop question, "còn giày thì sao?" asks the same about shoes
  const onlyType = !entities.color && !entities.size && !entities.material && !entities.price && !entities.keywords.length;
  const afterInquiry = fashion?.classification_decision === 'general_fashion_inquiry';
  if (afterInquiry && onlyType && isShortFollowUp(text, bot) && !cue(vocabulary, 'shopping').test(f.replace(/^(?:the |vay )?con\b/, ''))) return ['general_fashion_inquiry'];
  // several requests in one message: a clause asking for a product beside a clause asking a shop question ("hoodie
  // xám còn ko, với lại đổi trả mấy ngày") is both a purchase and an inquiry
  const clauses = splitClauses(text, 'vi');
  if (clauses.length > 1) {
    const product = clauses.findIndex((c) => asksForProduct(c, vocabulary) && !topics.detectTopic(c));
    const asksShop = (c: string) => QUESTION.test(fold(c)) && Boolean(topics.detectTopic(c)) && !extractProductEntities(c, vocabulary).product_type;
    if (product >= 0 && clauses.some((c, i) => i !== product && asksShop(c))) return ['purchase', 'general_fashion_inquiry'];
  }
  // "1m68 nặng 60 ký lấy sơ mi size gì": a height or weight with no colour nor budget asks which size fits
  if (asksFit(text, bot, entities)) return ['general_fashion_inquiry'];
  if (intents.includes('purchase')) return intents;
  const wordCount = (f.match(/[\p{L}\p{N}]+/gu) ?? []).length;
  const topic = topics.detectTopic(text);

  // right after a search: a short follow-up that changes or questions the search
  const afterSearch = fashion?.classification_decision === 'purchase' && fashion.last_search;
  if (afterSearch && wordCount <= 10 && !topic) {
    const shown = fashion.last_search!.products?.length ?? 0;
    if (hasConstraint(entities) || ['cheaper', 'other', 'continue'].some((c) => cue(vocabulary, c).test(f)) || readListPosition(text, 'vi', shown) !== undefined) return ['purchase'];
  }
  // a product the customer wants ("có balo đi học không", "bán quần jean không")
  if (entities.product_type && (asksAvailability(f, entities.product_type, vocabulary) || (!topic && cue(vocabulary, 'shopping').test(f)))) return ['purchase'];
  if (intents.includes('off_topic') && topic && topics.detectTopic(text, { strongOnly: true })) return ['general_fashion_inquiry'];
  return intents;
}
