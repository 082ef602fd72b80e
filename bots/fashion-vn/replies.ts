// What fashion-vn says about products: short Vietnamese lists (name, price, sizes in stock), the
// "nothing found" and "Saleor is down" answers, and follow-ups ("còn màu khác không?",
// "cái thứ 2 có size L không?") resolved against the products shown last.
import type { Money, Product } from 'switchboard/saleor';
import { fillTemplate } from 'switchboard';
import {
  RELAX_ORDER, convertAmount, defaultVocabulary, extractProductEntities, fashionConfig, fold,
  type CatalogVocabulary, type Currency, type ProductEntities, type Relaxable,
} from './entities.ts';

export type ReplyLanguage = 'vi' | 'en';

export interface ReplyOptions {
  vocabulary?: CatalogVocabulary;
  /** Reply templates; default: bot.yaml `replies`. */
  templates?: Record<string, string>;
  /** Constraints findProducts dropped to find these products. */
  relaxed?: Relaxable[];
  /** The entities the customer asked for, when `relaxed` is set (the list describes the relaxed ones). */
  requested?: ProductEntities;
}

const templatesOf = (o: ReplyOptions) => o.templates ?? fashionConfig().replies;

export { fillTemplate };

// --- money ---

const number = (n: number, digits: number) => new Intl.NumberFormat('vi-VN', { maximumFractionDigits: digits }).format(n);

/** "750.000₫", or for other currencies "30 USD (~750.000₫)" using settings.vnd_per_usd. */
export function formatMoney(m: Money | { amount: number; currency: string }, vocab: CatalogVocabulary = defaultVocabulary()): string {
  if (m.currency === 'VND') return `${number(Math.round(m.amount), 0)}₫`;
  const own = `${number(m.amount, 2)} ${m.currency}`;
  if (m.currency !== 'USD') return own;
  const vnd = Math.round(convertAmount(m.amount, 'USD', 'VND', vocab.vndPerUsd) / 1000) * 1000;
  return `${own} (~${number(vnd, 0)}₫)`;
}

function formatBudget(amount: number, currency: Currency, vocab: CatalogVocabulary): string {
  return currency === 'VND' ? `${number(Math.round(amount), 0)}₫` : formatMoney({ amount, currency }, vocab).replace(/ \(~.*\)$/, '');
}

// --- describing what was asked ---

/** "áo hoodie màu xám size M chất cotton giá dưới 500.000₫" */
export function describeEntities(entities: ProductEntities, vocab: CatalogVocabulary = defaultVocabulary(), lang: ReplyLanguage = 'vi'): string {
  const parts: string[] = [];
  const t = entities.product_type;
  if (lang === 'en') {
    parts.push(t ?? 'products');
    if (entities.color) parts.unshift(entities.color);
    if (entities.size) parts.push(`size ${entities.size}`);
    if (entities.material) parts.push(`in ${entities.material}`);
  } else {
    parts.push(t ? vocab.productTypes[t]?.label ?? t : 'sản phẩm');
    if (entities.keywords.length) parts.push(`“${entities.keywords.join(' ')}”`);
    if (entities.color) parts.push(`màu ${vocab.colors[entities.color]?.label ?? entities.color}`);
    if (entities.size) parts.push(`size ${entities.size}`);
    if (entities.material) parts.push(`chất ${vocab.materials[entities.material]?.label ?? entities.material}`);
  }
  const p = entities.price;
  if (p) {
    const f = (n: number) => formatBudget(n, p.currency, vocab);
    if (lang === 'en') {
      if (p.gte !== undefined && p.lte !== undefined) parts.push(`from ${f(p.gte)} to ${f(p.lte)}`);
      else if (p.lte !== undefined) parts.push(`under ${f(p.lte)}`);
      else if (p.gte !== undefined) parts.push(`over ${f(p.gte)}`);
    } else if (p.gte !== undefined && p.lte !== undefined) parts.push(`giá từ ${f(p.gte)} đến ${f(p.lte)}`);
    else if (p.lte !== undefined) parts.push(`giá dưới ${f(p.lte)}`);
    else if (p.gte !== undefined) parts.push(`giá trên ${f(p.gte)}`);
  }
  return parts.join(' ');
}

const hasAnyConstraint = (e: ProductEntities) => Boolean(e.product_type || e.color || e.size || e.material || e.price || e.keywords.length);

// --- product lists ---

function inStock(v: Product['variants'][number]): boolean {
  return v.quantityAvailable === null || v.quantityAvailable > 0;
}

/** One line: name, price (with sale), sizes in stock; `askedSize` adds "không có size L" / "freesize". */
function productLine(p: Product, index: number, askedSize: string | undefined, vocab: CatalogVocabulary, lang: ReplyLanguage): string {
  const vi = lang === 'vi';
  const bits: string[] = [];
  if (p.price) {
    let price = formatMoney(p.price, vocab);
    if (p.undiscountedPrice) price += vi ? ` — đang giảm giá, giá gốc ${formatMoney(p.undiscountedPrice, vocab).replace(/ \(~.*\)$/, '')}` : ` — on sale, was ${formatMoney(p.undiscountedPrice, vocab).replace(/ \(~.*\)$/, '')}`;
    bits.push(price);
  }
  const sized = p.variants.filter((v) => v.size);
  if (sized.length) {
    const sizes = [...new Set(sized.filter(inStock).map((v) => v.size!))];
    if (!sizes.length) bits.push(vi ? 'tạm hết size' : 'sold out');
    else bits.push(`${vi ? 'size còn' : 'sizes'}: ${sizes.join(', ')}`);
    if (askedSize && !sizes.some((s) => s.toUpperCase() === askedSize.toUpperCase())) {
      bits.push(vi ? `không có size ${askedSize}` : `no size ${askedSize}`);
    }
  } else {
    bits.push(p.variants.some(inStock) ? (vi ? 'còn hàng' : 'in stock') : (vi ? 'tạm hết hàng' : 'sold out'));
    if (askedSize) bits.push(vi ? 'freesize' : 'one size');
  }
  return `${index + 1}. ${p.name} — ${bits.join(' · ')}`;
}

/**
 * A short list of products: an intro line, one line per product (name, price, sizes in stock),
 * and "… và N mẫu khác" when there are more than settings.max_products_shown.
 */
export function formatProductList(products: Product[], entities: ProductEntities, lang: ReplyLanguage = 'vi', options: ReplyOptions = {}): string {
  if (!products.length) return formatNoProducts(entities, options);
  const vocab = options.vocabulary ?? defaultVocabulary();
  const shown = products.slice(0, vocab.maxProductsShown);
  const query = describeEntities(entities, vocab, lang);
  let intro: string;
  if (lang === 'en') {
    intro = options.relaxed?.length
      ? `Nothing matches ${describeEntities(options.requested ?? entities, vocab, 'en')} exactly; here are similar ${query}:`
      : `Here ${products.length === 1 ? 'is 1 product' : `are ${products.length} products`} (${query}):`;
  } else {
    const t = templatesOf(options);
    intro = options.relaxed?.length
      ? fillTemplate(t.products_intro_relaxed ?? 'Shop chưa có đúng {missing} bạn tìm, bạn tham khảo các mẫu {query} này nhé:', { missing: describeEntities(options.requested ?? entities, vocab), query })
      : fillTemplate(t.products_intro ?? 'Shop có {count} mẫu {query} cho bạn nè:', { count: products.length, query });
  }
  const askedSize = (options.requested ?? entities).size;
  const lines = shown.map((p, i) => productLine(p, i, askedSize, vocab, lang));
  const more = products.length - shown.length;
  if (more > 0) lines.push(lang === 'vi' ? `… và ${more} mẫu khác, bạn muốn xem thêm không?` : `… and ${more} more.`);
  return [intro, ...lines].join('\n');
}

/** "Dạ hiện shop chưa có áo hoodie màu đỏ ạ…" (or the generic text when nothing specific was asked). */
export function formatNoProducts(entities: ProductEntities, options: ReplyOptions = {}): string {
  const t = templatesOf(options);
  if (!hasAnyConstraint(entities)) return t.no_products_generic ?? 'Dạ mình chưa tìm thấy sản phẩm phù hợp ạ.';
  return fillTemplate(t.no_products ?? 'Dạ hiện shop chưa có {query} ạ.', { query: describeEntities(entities, options.vocabulary ?? defaultVocabulary()) });
}

/** "Dạ shop chưa có váy ạ…": the customer asked for a product type the shop does not sell at all. */
export function formatNotSold(productType: string, options: ReplyOptions = {}): string {
  const vocab = options.vocabulary ?? defaultVocabulary();
  const type = vocab.productTypes[productType]?.label ?? productType;
  return fillTemplate(templatesOf(options).not_sold ?? 'Dạ shop chưa có {type} ạ.', { type });
}

/** The answer when Saleor cannot be reached (SaleorError). */
export function formatSaleorDown(options: ReplyOptions = {}): string {
  return templatesOf(options).saleor_down ?? 'Xin lỗi bạn, hệ thống kho hàng đang tạm gián đoạn. Bạn thử lại sau ít phút nhé!';
}

export function offTopicNudge(options: ReplyOptions = {}): string {
  return templatesOf(options).off_topic ?? 'Mình là trợ lý thời trang của shop, bạn cần tư vấn gì về quần áo không?';
}

/** The ask_to_continue line ("Bạn có muốn hỏi thêm gì không?"). */
export function askToContinue(options: ReplyOptions = {}): string {
  return templatesOf(options).ask_to_continue ?? 'Bạn có muốn hỏi thêm gì không?';
}

export function greeting(options: ReplyOptions = {}): string {
  return templatesOf(options).greeting ?? 'Xin chào! Mình có thể giúp gì cho bạn?';
}

// --- follow-ups ---

/** What the previous purchase turn searched and showed (keep it in the session's lasting state). */
export interface PreviousSearch {
  entities: ProductEntities;
  products?: Array<Pick<Product, 'id' | 'slug' | 'name'> & Partial<Pick<Product, 'price'>>>;
}

export type FollowUpKind =
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
  /**
   * Pass to findProducts: which constraints may be dropped when nothing matches. For 'cheaper' only the
   * material and colour (a cheaper pair in another colour is worth showing); never the size or the lower
   * price, so "nothing cheaper in your size" is an answer too.
   */
  relax: Relaxable[];
}

const ORDINAL_WORDS: Record<string, number> = { nhat: 0, 'dau tien': 0, dau: 0, hai: 1, ba: 2, bon: 3, tu: 3, nam: 4 };

/** Index of a shown product named by position: "cái thứ 2", "mẫu số 3", "cái đầu tiên", "cái cuối". */
export function ordinalIndex(f: string, count: number): number | undefined {
  const m = /(?:cai|mau|chiec|doi|san pham|sp|so|con)\s+(?:thu\s+|so\s+)?(\d|nhat|dau tien|dau|hai|ba|bon|tu|nam|cuoi cung|cuoi)(?![\p{L}\d])/u.exec(f);
  if (!m) return undefined;
  const w = m[1];
  if (w.startsWith('cuoi')) return count - 1;
  const i = /^\d$/.test(w) ? Number(w) - 1 : ORDINAL_WORDS[w];
  return i !== undefined && i >= 0 && i < count ? i : undefined;
}

const DEMONSTRATIVE = /(?:cai|mau|chiec|doi|san pham|sp|ao|giay|em)\s+(?:nay|do|kia|vua roi|vua nay|tren|day)(?![\p{L}])|(?<![\p{L}])no(?![\p{L}])/gu;
/** The words of DEMONSTRATIVE as written with diacritics: "màu đỏ" (red) is not "mẫu đó" (that model). */
const DEMONSTRATIVE_WORDS = new Set(['cái', 'mẫu', 'chiếc', 'đôi', 'sản', 'phẩm', 'sp', 'áo', 'giày', 'em', 'này', 'đó', 'kia', 'vừa', 'rồi', 'nãy', 'trên', 'đây', 'đấy', 'nó']);

/**
 * The message points at the products just shown ("cái này", "mẫu đó", "nó"). Words typed with diacritics
 * must be the demonstrative ones; "mau do" typed without them reads as the colour red when the message
 * names another product type ("có váy mau do không").
 */
export function refersToShownProducts(text: string, namesOtherType = false): boolean {
  const raw = text.normalize('NFC').toLowerCase();
  const f = fold(raw);
  for (const m of f.matchAll(DEMONSTRATIVE)) {
    const said = raw.slice(m.index, m.index + m[0].length).match(/[\p{L}]+/gu) ?? [];
    if (!said.every((w) => w === fold(w) || DEMONSTRATIVE_WORDS.has(w))) continue;
    if (namesOtherType && said.every((w) => w === fold(w)) && /^mau\s+do$/.test(m[0])) continue;
    return true;
  }
  return false;
}

const SIZE_QUESTION = /(?:con|co)\s+(?:nhung\s+)?(?:size|sz|co)\s+(?:nao|gi)|(?:size|sz)\s+(?:nao|gi)\s+(?:con|co)|may size|bao nhieu size|nhung size nao|size nao con/;
export const CHEAPER = /(?<![\p{L}])(?:dat|mac) qua(?![\p{L}])|re hon|gia mem hon|gia thap hon|mem hon|it tien hon|cheaper|re xiu|re chut|gia re hon/u;
export const OTHER = /(?<![\p{L}])(mau|loai|kieu|cai|san pham|sp|mau ao|mau giay|color|colour)\s+(khac|nao khac|gi khac)(?![\p{L}])|(?<![\p{L}])(?:con|co)\s+(?:mau|loai|kieu)\s+(?:nao|gi)(?:\s+nua)?(?![\p{L}])|(?<![\p{L}])mau\s+nua(?![\p{L}])/u;

/**
 * Resolves a message against the previous search: what to search now, what to leave out, and which
 * shown products the question is about. Without a previous search every message is 'new'.
 */
export function followUpQuery(previous: PreviousSearch | undefined, text: string, vocab: CatalogVocabulary = defaultVocabulary()): FollowUp {
  const current = extractProductEntities(text, vocab);
  const f = fold(text);
  const result = (kind: FollowUpKind, entities: ProductEntities, extra: Partial<FollowUp> = {}): FollowUp => ({
    kind, entities, excludeProductIds: [], productSlugs: [], asksSizes: SIZE_QUESTION.test(f),
    relax: kind === 'cheaper' ? ['material', 'color'] : [...RELAX_ORDER], ...extra,
  });
  if (!previous) return result('new', current);

  const shown = previous.products ?? [];
  const prev = previous.entities;
  // a generic type ("áo này") does not replace the specific one of the previous search
  const currentType = current.product_type && !(vocab.genericProductTypes.includes(current.product_type) && prev.product_type) ? current.product_type : undefined;
  const ordinal = ordinalIndex(f, shown.length);
  const refersToShown = ordinal !== undefined || (shown.length > 0 && refersToShownProducts(text, Boolean(currentType && currentType !== prev.product_type)));
  if (currentType && currentType !== prev.product_type && !refersToShown) return result('new', { ...current, product_type: currentType });

  const merged: ProductEntities = { ...prev, keywords: current.keywords.length ? current.keywords : [...prev.keywords] };
  for (const k of ['product_type', 'color', 'size', 'material', 'price'] as const) {
    if (current[k] !== undefined) (merged as any)[k] = k === 'product_type' ? currentType ?? prev.product_type : current[k];
  }
  const shownIds = shown.map((p) => p.id);

  if (refersToShown) {
    const slugs = ordinal !== undefined ? [shown[ordinal].slug] : shown.map((p) => p.slug);
    return result('about_shown', merged, { productSlugs: slugs });
  }
  if (CHEAPER.test(f)) {
    const prices = shown.map((p) => p.price).filter((m): m is Money => Boolean(m) && (m!.currency === 'USD' || m!.currency === 'VND'));
    const cheapest = prices.sort((a, b) => a.amount - b.amount)[0];
    const price = cheapest
      ? { lte: Math.round((cheapest.amount - (cheapest.currency === 'VND' ? 1000 : 0.01)) * 100) / 100, currency: cheapest.currency as Currency }
      : prev.price?.lte !== undefined ? { lte: prev.price.lte * 0.8, currency: prev.price.currency } : undefined;
    return result('cheaper', { ...merged, price: current.price ?? price }, { excludeProductIds: shownIds });
  }
  const other = OTHER.exec(f);
  if (other) {
    // "mẫu" (model) and "màu" (colour) fold to the same word: decide by the diacritics, else by context
    const said = text.normalize('NFC').toLowerCase().slice(other.index, other.index + other[0].length);
    const aboutColour = !said.includes('mẫu') && (/màu|colou?r/.test(said) || (/mau/.test(said) && prev.color !== undefined));
    if (aboutColour) {
      const { color: _drop, ...rest } = merged;
      return result('other_colors', current.color ? merged : { ...rest, keywords: merged.keywords }, { excludeProductIds: shownIds });
    }
    return result('other_products', merged, { excludeProductIds: shownIds });
  }
  const changed = currentType || current.color || current.size || current.material || current.price || current.keywords.length;
  if (changed) return result('refine', merged);
  if (SIZE_QUESTION.test(f) && shown.length) return result('about_shown', merged, { productSlugs: shown.map((p) => p.slug) });
  // a short message with nothing new ("còn hàng không shop?") continues the previous search
  const words = f.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length <= 8) return result('refine', merged);
  return result('new', current);
}
