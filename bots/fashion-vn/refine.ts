// What classify_question's corrections (bot.yaml `understanding.refine`) ask of the catalogue vocabulary: the
// product entities a text names, the shop's cues (settings.cues), and the previous search.
import { cue, extractProductEntities, fold, type CatalogVocabulary, type ProductEntities } from './entities.ts';
import { type BotConfig, readListPosition, type RouteContext } from 'switchboard';

/** What the predicates read of memory.fashion: the products the last search showed. */
type Ctx = RouteContext<{ fashion: { last_search?: { products?: unknown[] } } }>;
type Predicate = (text: string, ctx: Ctx) => Promise<boolean>;

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

/** A follow-up's opening words ("còn…", "thế còn…"), which are no shopping word. */
const OPENER = /^(?:the |vay )?con\b/;

/** The predicates bot.yaml's refine rules name, over the catalogue vocabulary (`vocabularyOf`, loaded). */
export function refinePredicates(vocabularyOf: (bot: BotConfig) => Promise<CatalogVocabulary>): Record<string, Predicate> {
  const reading = (read: (text: string, v: CatalogVocabulary, ctx: Ctx) => boolean): Predicate => async (text, ctx) => read(text, await vocabularyOf(ctx.bot), ctx);
  const entities = (text: string, v: CatalogVocabulary) => extractProductEntities(text, v);
  return {
    /** Names a product type and asks whether the shop has it. */
    asksForProduct: reading((text, v) => {
      const type = entities(text, v).product_type;
      return Boolean(type) && asksAvailability(fold(text), type!, v);
    }),
    namesProductType: reading((text, v) => Boolean(entities(text, v).product_type)),
    /** No colour, size, material, budget nor product name (a product type at most). */
    onlyProductType: reading((text, v) => {
      const e = entities(text, v);
      return !e.color && !e.size && !e.material && !e.price && !e.keywords.length;
    }),
    namesColourPriceOrName: reading((text, v) => {
      const e = entities(text, v);
      return Boolean(e.color || e.price || e.keywords.length);
    }),
    shoppingWords: reading((text, v) => cue(v, 'shopping').test(fold(text))),
    shoppingWordsAfterOpener: reading((text, v) => cue(v, 'shopping').test(fold(text).replace(OPENER, ''))),
    asksQuestion: reading((text) => QUESTION.test(fold(text))),
    /** After a search: changes a constraint, asks for cheaper or other products, or picks one of those shown. */
    changesSearch: reading((text, v, ctx) => {
      const last = ctx.memory.fashion?.last_search;
      if (!last) return false;
      const f = fold(text);
      const shown = last.products?.length ?? 0;
      return hasConstraint(entities(text, v)) || ['cheaper', 'other', 'continue'].some((c) => cue(v, c).test(f)) || readListPosition(text, 'vi', shown) !== undefined;
    }),
  };
}
