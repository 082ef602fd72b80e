// What fashion-vn says about products: short Vietnamese lists (name, price, sizes in stock), the
// "nothing found" and "Saleor is down" answers, and follow-ups ("còn màu khác không?",
// "cái thứ 2 có size L không?") resolved against the products shown last.
import type { Money, Product } from 'switchboard/saleor';
import { fillTemplate, formatRecordList, readListPosition } from 'switchboard';
import {
  RELAX_ORDER, convertAmount, cue, defaultVocabulary, extractProductEntities, fashionConfig, fold,
  type CatalogVocabulary, type Currency, type ProductEntities, type Relaxable,
} from './entities.ts';

export interface ReplyOptions {
  vocabulary?: CatalogVocabulary;
  /** Reply templates; default: bot.yaml `replies`. */
  templates?: Record<string, string>;
  /** Constraints findProducts dropped to find these products. */
  relaxed?: Relaxable[];
  /** The entities the customer asked for, when `relaxed` is set (the list describes the relaxed ones). */
  requested?: ProductEntities;
}

/** bot.yaml `replies` with the caller's templates over them. */
const templatesOf = (o: ReplyOptions) => ({ ...fashionConfig().replies, ...o.templates });

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

/** The amount alone, without the VND equivalent of a dollar price. */
const plainMoney = (m: { amount: number; currency: string }, vocab: CatalogVocabulary) => formatMoney(m, vocab).replace(/ \(~.*\)$/, '');

// --- describing what was asked ---

/** "áo hoodie màu xám size M chất cotton giá dưới 500.000₫", from the describe_* templates. */
export function describeEntities(entities: ProductEntities, vocab: CatalogVocabulary = defaultVocabulary(), options: ReplyOptions = {}): string {
  const t = templatesOf(options);
  const type = entities.product_type;
  const parts = [type ? vocab.productTypes[type]?.label ?? type : t.describe_any_product];
  if (entities.keywords.length) parts.push(`“${entities.keywords.join(' ')}”`);
  if (entities.color) parts.push(fillTemplate(t.describe_color, { color: vocab.colors[entities.color]?.label ?? entities.color }));
  if (entities.size) parts.push(fillTemplate(t.describe_size, { size: entities.size }));
  if (entities.material) parts.push(fillTemplate(t.describe_material, { material: vocab.materials[entities.material]?.label ?? entities.material }));
  const p = entities.price;
  if (p) {
    const money = (n: number | undefined) => (n === undefined ? '' : plainMoney({ amount: n, currency: p.currency }, vocab));
    const key = p.gte !== undefined && p.lte !== undefined ? 'describe_price_between' : p.lte !== undefined ? 'describe_price_under' : 'describe_price_over';
    parts.push(fillTemplate(t[key], { gte: money(p.gte), lte: money(p.lte) }));
  }
  return parts.join(' ');
}

const hasAnyConstraint = (e: ProductEntities) => Boolean(e.product_type || e.color || e.size || e.material || e.price || e.keywords.length);

// --- product lists ---

const inStock = (v: Product['variants'][number]) => v.quantityAvailable === null || v.quantityAvailable > 0;

/** The canonical colour (the colour gazetteer's key) of a catalogue colour name ("Xám" → grey). */
export function canonicalColor(name: string, vocab: CatalogVocabulary = defaultVocabulary()): string | undefined {
  const f = fold(name);
  return Object.entries(vocab.colors).find(([key, c]) => key === f || c.synonyms.some((s) => fold(s) === f))?.[0];
}

/** The canonical colours of a product in stock, in the catalogue's order (in `size` when given). */
export function colorsInStock(p: Product, vocab: CatalogVocabulary = defaultVocabulary(), size?: string): string[] {
  const colors = p.variants
    .filter((v) => v.color && inStock(v) && (!size || !v.size || v.size.toUpperCase() === size.toUpperCase()))
    .map((v) => canonicalColor(v.color!, vocab))
    .filter((c): c is string => Boolean(c));
  return [...new Set(colors)];
}

const colorLabels = (colors: string[], vocab: CatalogVocabulary) => colors.map((c) => vocab.colors[c]?.label ?? c).join(', ');

/**
 * What one product line says after its name: price (with sale), colours and sizes in stock; `askedSize` adds
 * "không có size L" / "freesize"; `onlyColors` lists just those colours.
 */
function productDetails(p: Product, askedSize: string | undefined, vocab: CatalogVocabulary, t: Record<string, string>, onlyColors?: string[]): string {
  const bits: string[] = [];
  if (p.price) bits.push(formatMoney(p.price, vocab) + (p.undiscountedPrice ? ` — ${fillTemplate(t.product_on_sale, { price: plainMoney(p.undiscountedPrice, vocab) })}` : ''));
  const colors = colorsInStock(p, vocab).filter((c) => !onlyColors || onlyColors.includes(c));
  if (colors.length && t.product_colors) bits.push(fillTemplate(t.product_colors, { colors: colorLabels(colors, vocab) }));
  const sized = p.variants.filter((v) => v.size);
  if (sized.length) {
    const sizes = [...new Set(sized.filter(inStock).map((v) => v.size!))];
    bits.push(sizes.length ? fillTemplate(t.product_sizes, { sizes: sizes.join(', ') }) : t.product_sizes_sold_out);
    if (askedSize && !sizes.some((s) => s.toUpperCase() === askedSize.toUpperCase())) bits.push(fillTemplate(t.product_size_missing, { size: askedSize }));
  } else {
    bits.push(p.variants.some(inStock) ? t.product_in_stock : t.product_sold_out);
    if (askedSize) bits.push(t.product_one_size);
  }
  return bits.join(' · ');
}

/**
 * A short list of products: an intro line, one product_line per product (name, price, sizes in stock),
 * and products_more when there are more than settings.max_products_shown.
 */
export function formatProductList(products: Product[], entities: ProductEntities, options: ReplyOptions = {}): string {
  if (!products.length) return formatNoProducts(entities, options);
  const vocab = options.vocabulary ?? defaultVocabulary();
  const t = templatesOf(options);
  const query = describeEntities(entities, vocab, options);
  const intro = options.relaxed?.length
    ? fillTemplate(t.products_intro_relaxed, { missing: describeEntities(options.requested ?? entities, vocab, options), query })
    : fillTemplate(t.products_intro, { count: products.length, query });
  const askedSize = (options.requested ?? entities).size;
  const records = products.map((p) => ({ name: p.name, details: productDetails(p, askedSize, vocab, t) }));
  return formatRecordList(records, { intro, item: t.product_line, more: t.products_more }, vocab.maxProductsShown);
}

/**
 * "còn màu khác không?" over a catalogue with colours: the colours of the search not shown yet (`shown`), with the
 * products that have them; when there are none, which colours there are.
 */
export function formatOtherColors(products: Product[], entities: ProductEntities, shown: string[], options: ReplyOptions = {}): { text: string; colors: string[] } {
  const vocab = options.vocabulary ?? defaultVocabulary();
  const t = templatesOf(options);
  const query = describeEntities(entities, vocab, options);
  const fresh = (p: Product) => colorsInStock(p, vocab, entities.size).filter((c) => !shown.includes(c));
  const colors = [...new Set(products.flatMap(fresh))];
  if (!colors.length) {
    const all = [...new Set(products.flatMap((p) => colorsInStock(p, vocab, entities.size)))];
    return { text: fillTemplate(t.no_other_colors, { query, shown: colorLabels(all.length ? all : shown, vocab) }), colors: [] };
  }
  const intro = fillTemplate(t.other_colors_intro, { query, shown: colorLabels(shown, vocab), colors: colorLabels(colors, vocab) });
  const records = products.filter((p) => fresh(p).length).map((p) => ({ name: p.name, details: productDetails(p, entities.size, vocab, t, fresh(p)) }));
  return { text: formatRecordList(records, { intro, item: t.product_line, more: t.products_more }, vocab.maxProductsShown), colors };
}

/** "Dạ hiện shop chưa có áo hoodie màu đỏ ạ…" (or the generic text when nothing specific was asked). */
export function formatNoProducts(entities: ProductEntities, options: ReplyOptions = {}): string {
  const t = templatesOf(options);
  if (!hasAnyConstraint(entities)) return t.no_products_generic;
  return fillTemplate(t.no_products, { query: describeEntities(entities, options.vocabulary ?? defaultVocabulary(), options) });
}

/** "Dạ shop chưa có váy ạ…": the customer asked for a product type the shop does not sell at all. */
export function formatNotSold(productType: string, options: ReplyOptions = {}): string {
  const type = (options.vocabulary ?? defaultVocabulary()).productTypes[productType]?.label ?? productType;
  return fillTemplate(templatesOf(options).not_sold, { type });
}

// --- follow-ups ---

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
   * Pass to findProducts: which constraints may be dropped when nothing matches. For 'cheaper' only the
   * material and colour (a cheaper pair in another colour is worth showing); never the size or the lower
   * price, so "nothing cheaper in your size" is an answer too.
   */
  relax: Relaxable[];
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

/**
 * Resolves a message against the previous search: what to search now, what to leave out, and which
 * shown products the question is about. Without a previous search every message is 'new'.
 */
export function followUpQuery(previous: PreviousSearch | undefined, text: string, vocab: CatalogVocabulary = defaultVocabulary()): FollowUp {
  const current = extractProductEntities(text, vocab);
  const f = fold(text);
  const result = (kind: FollowUpKind, entities: ProductEntities, extra: Partial<FollowUp> = {}): FollowUp => ({
    kind, entities, excludeProductIds: [], productSlugs: [], asksSizes: cue(vocab, 'size_question').test(f),
    relax: kind === 'cheaper' ? ['material', 'color'] : [...RELAX_ORDER], ...extra,
  });
  if (!previous) return result('new', current);

  const shown = previous.products ?? [];
  const prev = previous.entities;
  // after a search by a shoe size, a bare number in that range corrects it ("à nhầm, 44 cơ"); a price is no size
  const bare = prev.size && /^\d+$/.test(prev.size) && !current.size && /(?<![\d.,])(3[5-9]|4[0-8])(?![\d.,]|\s*(?:k|tr|trieu|nghin|ngan|d|dong|usd|do)(?![\p{L}])|\s*\$)(?![\p{L}\d])/u.exec(f);
  if (bare) current.size = bare[1];
  // a generic type ("áo này") does not replace the specific one of the previous search
  const currentType = current.product_type && !(vocab.genericProductTypes.includes(current.product_type) && prev.product_type) ? current.product_type : undefined;
  const ordinal = readListPosition(text, 'vi', shown.length);
  const refersToShown = ordinal !== undefined || (shown.length > 0 && refersToShownProducts(text, Boolean(currentType && currentType !== prev.product_type), vocab));
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
  if (cue(vocab, 'cheaper').test(f)) {
    const prices = shown.map((p) => p.price).filter((m): m is Money => Boolean(m) && (m!.currency === 'USD' || m!.currency === 'VND'));
    const cheapest = prices.sort((a, b) => a.amount - b.amount)[0];
    const price = cheapest
      ? { lte: Math.round((cheapest.amount - (cheapest.currency === 'VND' ? 1000 : 0.01)) * 100) / 100, currency: cheapest.currency as Currency }
      : prev.price?.lte !== undefined ? { lte: prev.price.lte * 0.8, currency: prev.price.currency } : undefined;
    return result('cheaper', { ...merged, price: current.price ?? price }, { excludeProductIds: shownIds });
  }
  const other = cue(vocab, 'other').exec(f);
  if (other) {
    // "mẫu" (model) and "màu" (colour) fold to the same word: decide by the diacritics, else by context
    const said = text.normalize('NFC').toLowerCase().slice(other.index, other.index + other[0].length);
    const aboutColour = !said.includes('mẫu') && (/màu|colou?r/.test(said) || (/mau/.test(said) && prev.color !== undefined));
    if (aboutColour) {
      const { color: _drop, ...rest } = merged;
      if (current.color) return result('other_colors', merged, { excludeProductIds: shownIds });
      // with colours as variant values, the other colours of the same products count too: leave out colours, not products
      if (vocab.colorAttribute) {
        const excludeColors = [...new Set([...(previous.colors_shown ?? []), ...(prev.color ? [prev.color] : [])])];
        return result('other_colors', { ...rest, keywords: merged.keywords }, { excludeColors, relax: [] });
      }
      return result('other_colors', { ...rest, keywords: merged.keywords }, { excludeProductIds: shownIds });
    }
    return result('other_products', merged, { excludeProductIds: shownIds });
  }
  const changed = currentType || current.color || current.size || current.material || current.price || current.keywords.length;
  if (changed) return result('refine', merged);
  if (cue(vocab, 'size_question').test(f) && shown.length) return result('about_shown', merged, { productSlugs: shown.map((p) => p.slug) });
  // a short message with nothing new ("còn hàng không shop?") continues the previous search
  const words = f.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length <= 8) return result('refine', merged);
  return result('new', current);
}
