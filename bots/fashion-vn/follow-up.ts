// A purchase message after a search, resolved against what was searched and shown: "còn màu khác không?",
// "cái thứ 2 có size L không?", "có cái nào rẻ hơn không", "à nhầm, 44 cơ". The runtime merges the message's
// fields over the previous search (continueBotQuery: a generic "áo này" keeps the hoodie); this module decides
// what kind of follow-up it is and what the new search leaves out.
import type { Money, Product } from 'switchboard/saleor';
import { continueBotQuery, readListPosition } from 'switchboard';
import { cue, defaultVocabulary, extractProductEntities, fold, type CatalogVocabulary, type Currency, type ProductEntities } from './entities.ts';

/** What the previous purchase turn searched and showed (keep it in the session's lasting state). */
export interface PreviousSearch {
  entities: ProductEntities;
  /** Colours the customer asked for or was offered so far (canonical), for "còn màu khác không?". */
  colors_shown?: string[];
  products?: Array<Pick<Product, 'id' | 'slug' | 'name'> & Partial<Pick<Product, 'price'>>>;
}

type FollowUpKind =
  | 'new' // a new request: search `entities` as they are
  | 'refine' // same request with changed constraints (a different size or colour for the same item)
  | 'other_colors' // same request, any colour but the ones shown ("còn màu khác không?")
  | 'other_products' // same request, other products (asking to see more designs)
  | 'cheaper' // same request, cheaper than the cheapest shown (asking for a lower price)
  | 'about_shown'; // a question about products just shown ("cái thứ 2 còn size M không?", "có những size nào?")

export interface FollowUp {
  kind: FollowUpKind;
  /** What to search now. */
  entities: ProductEntities;
  /** Products already shown that the new search should leave out. */
  excludeProductIds: string[];
  /** Shown products the question is about (for about_shown): look them up with getProduct. */
  productSlugs: string[];
  /** The customer asks which sizes there are. */
  asksSizes: boolean;
  /** For other_colors over a catalogue with a colour attribute: the colours already shown, to leave out. */
  excludeColors?: string[];
  /**
   * Pass to findProducts: which constraints may be dropped when nothing matches (bot.yaml saleor.search.relax). For
   * 'cheaper' only the material and colour (a cheaper pair in another colour is worth showing); never the size or
   * the lower price, so "nothing cheaper in your size" is an answer too.
   */
  relax: string[];
}

/**
 * The message points at the products just shown ("cái này", "mẫu đó", "nó"). Words typed with diacritics
 * must be the demonstrative ones; "mau do" typed without them reads as the colour red when the message
 * names another product type ("có váy mau do không").
 */
export function refersToShownProducts(text: string, namesOtherType = false, vocab: CatalogVocabulary = defaultVocabulary()): boolean {
  const raw = text.normalize('NFC').toLowerCase();
  const f = fold(raw);
  for (const m of f.matchAll(new RegExp(cue(vocab, 'demonstrative'), 'gu'))) {
    const said = raw.slice(m.index, m.index + m[0].length).match(/[\p{L}]+/gu) ?? [];
    if (!said.every((w) => w === fold(w) || vocab.demonstrativeWords.has(w))) continue;
    if (namesOtherType && said.every((w) => w === fold(w)) && /^mau\s+do$/.test(m[0])) continue;
    return true;
  }
  return false;
}

/** One message read against the previous search. */
interface Turn {
  text: string;
  folded: string;
  vocab: CatalogVocabulary;
  previous: PreviousSearch;
  /** What the message alone asks for. */
  current: ProductEntities;
  /** The previous search with the message's constraints over it. */
  merged: ProductEntities;
  /** The fields the message gives (a generic type standing in for the previous one is not given). */
  given: string[];
  /** The product type the message names, when it names another one than the previous search's. */
  otherType?: string;
  /** The position of the shown product the message points at ("cái thứ 2"). */
  ordinal?: number;
  refersToShown: boolean;
}

/** After a search by a shoe size, a bare number in that range corrects it ("à nhầm, 44 cơ"); a price is no size. */
function bareShoeSize(previous: ProductEntities, current: ProductEntities, folded: string): string | undefined {
  if (!previous.size || !/^\d+$/.test(previous.size) || current.size) return undefined;
  return /(?<![\d.,])(3[5-9]|4[0-8])(?![\d.,]|\s*(?:k|tr|trieu|nghin|ngan|d|dong|usd|do)(?![\p{L}])|\s*\$)(?![\p{L}\d])/u.exec(folded)?.[1];
}

function readTurn(previous: PreviousSearch, text: string, vocab: CatalogVocabulary): Turn {
  const folded = fold(text);
  const current = extractProductEntities(text, vocab);
  const size = bareShoeSize(previous.entities, current, folded);
  if (size) current.size = size;
  const { values, given } = continueBotQuery(vocab.config, 'product', { ...previous.entities }, { ...current });
  const merged = values as unknown as ProductEntities;
  const shown = previous.products ?? [];
  const otherType = given.includes('product_type') && current.product_type !== previous.entities.product_type ? current.product_type : undefined;
  const ordinal = readListPosition(text, 'vi', shown.length);
  const refersToShown = ordinal !== undefined || (shown.length > 0 && refersToShownProducts(text, Boolean(otherType), vocab));
  return { text, folded, vocab, previous, current, merged, given, otherType, ordinal, refersToShown };
}

function followUp(turn: Pick<Turn, 'folded' | 'vocab'>, kind: FollowUpKind, entities: ProductEntities, extra: Partial<FollowUp> = {}): FollowUp {
  return {
    kind, entities, excludeProductIds: [], productSlugs: [], asksSizes: cue(turn.vocab, 'size_question').test(turn.folded),
    relax: kind === 'cheaper' ? ['material', 'color'] : [...(turn.vocab.config.saleor?.search?.relax ?? [])], ...extra,
  };
}

const shownIds = (turn: Turn) => (turn.previous.products ?? []).map((p) => p.id);
const shownSlugs = (turn: Turn) => (turn.previous.products ?? []).map((p) => p.slug);

/** "có cái nào rẻ hơn không": below the cheapest product shown, else 20% under the previous budget. */
function cheaper(turn: Turn): FollowUp {
  const prices = (turn.previous.products ?? []).map((p) => p.price).filter((m): m is Money => Boolean(m) && (m!.currency === 'USD' || m!.currency === 'VND'));
  const cheapest = prices.sort((a, b) => a.amount - b.amount)[0];
  const before = turn.previous.entities.price;
  const price = cheapest
    ? { lte: Math.round((cheapest.amount - (cheapest.currency === 'VND' ? 1000 : 0.01)) * 100) / 100, currency: cheapest.currency as Currency }
    : before?.lte !== undefined ? { lte: before.lte * 0.8, currency: before.currency } : undefined;
  return followUp(turn, 'cheaper', { ...turn.merged, price: turn.current.price ?? price }, { excludeProductIds: shownIds(turn) });
}

/**
 * "còn màu khác không?": the same search in other colours. With colours as variant values, the other colours of the
 * same products count too: the colours shown are left out, not the products.
 */
function otherColors(turn: Turn): FollowUp {
  if (turn.current.color) return followUp(turn, 'other_colors', turn.merged, { excludeProductIds: shownIds(turn) });
  const { color: _drop, ...rest } = turn.merged;
  if (!turn.vocab.colorAttribute) return followUp(turn, 'other_colors', rest, { excludeProductIds: shownIds(turn) });
  const before = turn.previous;
  const excludeColors = [...new Set([...(before.colors_shown ?? []), ...(before.entities.color ? [before.entities.color] : [])])];
  return followUp(turn, 'other_colors', rest, { excludeColors, relax: [] });
}

/** "còn mẫu khác / màu khác không": other models, or other colours — "mẫu" and "màu" fold alike, so the diacritics decide, else the context. */
function other(turn: Turn, match: RegExpExecArray): FollowUp {
  const said = turn.text.normalize('NFC').toLowerCase().slice(match.index, match.index + match[0].length);
  const aboutColour = !said.includes('mẫu') && (/màu|colou?r/.test(said) || (/mau/.test(said) && turn.previous.entities.color !== undefined));
  return aboutColour ? otherColors(turn) : followUp(turn, 'other_products', turn.merged, { excludeProductIds: shownIds(turn) });
}

/** A message that is neither cheaper nor other: a changed constraint, a question about sizes, or a short "còn hàng không". */
function continued(turn: Turn): FollowUp {
  if (turn.given.length) return followUp(turn, 'refine', turn.merged);
  if (cue(turn.vocab, 'size_question').test(turn.folded) && turn.previous.products?.length) return followUp(turn, 'about_shown', turn.merged, { productSlugs: shownSlugs(turn) });
  // a short message with nothing new ("còn hàng không shop?") continues the previous search
  const words = turn.folded.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length <= 8 ? followUp(turn, 'refine', turn.merged) : followUp(turn, 'new', turn.current);
}

/**
 * Resolves a message against the previous search: what to search now, what to leave out, and which
 * shown products the question is about. Without a previous search every message is 'new'.
 */
export function followUpQuery(previous: PreviousSearch | undefined, text: string, vocab: CatalogVocabulary = defaultVocabulary()): FollowUp {
  if (!previous) return followUp({ folded: fold(text), vocab }, 'new', extractProductEntities(text, vocab));
  const turn = readTurn(previous, text, vocab);
  if (turn.otherType && !turn.refersToShown) return followUp(turn, 'new', { ...turn.current, product_type: turn.otherType });
  if (turn.refersToShown) {
    const slugs = turn.ordinal !== undefined ? [shownSlugs(turn)[turn.ordinal]] : shownSlugs(turn);
    return followUp(turn, 'about_shown', turn.merged, { productSlugs: slugs });
  }
  if (cue(vocab, 'cheaper').test(turn.folded)) return cheaper(turn);
  const asksOther = cue(vocab, 'other').exec(turn.folded);
  return asksOther ? other(turn, asksOther) : continued(turn);
}
