// What fashion-vn says about products: short Vietnamese lists (name, price, sizes in stock), the other colours
// of a search, and the "nothing found" answers.
import { convertAmount, type Money, type Product } from 'switchboard/saleor';
import { fillTemplate, formatRecordList } from 'switchboard';
import { defaultVocabulary, fashionConfig, fold, type CatalogVocabulary, type ProductEntities } from './entities.ts';

export interface ReplyOptions {
  vocabulary?: CatalogVocabulary;
  /** Reply templates; default: bot.yaml `replies`. */
  templates?: Record<string, string>;
  /** Constraints findProducts dropped to find these products. */
  relaxed?: string[];
  /** The entities the customer asked for, when `relaxed` is set (the list describes the relaxed ones). */
  requested?: ProductEntities;
}

/** bot.yaml `replies` with the caller's templates over them. */
const templatesOf = (o: ReplyOptions) => ({ ...fashionConfig().replies, ...o.templates });

// --- money ---

const number = (n: number, digits: number) => new Intl.NumberFormat('vi-VN', { maximumFractionDigits: digits }).format(n);

/** "750.000₫", or for other currencies "30 USD (~750.000₫)" using bot.yaml saleor.rates. */
export function formatMoney(m: Money | { amount: number; currency: string }, vocab: CatalogVocabulary = defaultVocabulary()): string {
  if (m.currency === 'VND') return `${number(Math.round(m.amount), 0)}₫`;
  const own = `${number(m.amount, 2)} ${m.currency}`;
  if (m.currency !== 'USD') return own;
  const vnd = Math.round(convertAmount(m.amount, 'USD', 'VND', vocab.config.saleor?.rates ?? {}) / 1000) * 1000;
  return `${own} (~${number(vnd, 0)}₫)`;
}

/** The amount alone, without the VND equivalent of a dollar price. */
const plainMoney = (m: { amount: number; currency: string }, vocab: CatalogVocabulary) => formatMoney(m, vocab).replace(/ \(~.*\)$/, '');

// --- describing what was asked ---

/** "giá dưới 500.000₫", "giá từ 200.000₫ đến 400.000₫": describe_price_between, _under or _over. */
function describePrice(p: NonNullable<ProductEntities['price']>, vocab: CatalogVocabulary, t: Record<string, string>): string {
  const money = (n: number | undefined) => (n === undefined ? '' : plainMoney({ amount: n, currency: p.currency }, vocab));
  const key = p.gte !== undefined && p.lte !== undefined ? 'describe_price_between' : p.lte !== undefined ? 'describe_price_under' : 'describe_price_over';
  return fillTemplate(t[key], { gte: money(p.gte), lte: money(p.lte) });
}

/** "áo hoodie màu xám size M chất cotton giá dưới 500.000₫", from the describe_* templates. */
export function describeEntities(entities: ProductEntities, vocab: CatalogVocabulary = defaultVocabulary(), options: ReplyOptions = {}): string {
  const t = templatesOf(options);
  const type = entities.product_type;
  const label = (terms: Record<string, { label: string }>, key: string) => terms[key]?.label ?? key;
  const parts = [type ? label(vocab.productTypes, type) : t.describe_any_product];
  if (entities.keywords.length) parts.push(`“${entities.keywords.join(' ')}”`);
  if (entities.color) parts.push(fillTemplate(t.describe_color, { color: label(vocab.colors, entities.color) }));
  if (entities.size) parts.push(fillTemplate(t.describe_size, { size: entities.size }));
  if (entities.material) parts.push(fillTemplate(t.describe_material, { material: label(vocab.materials, entities.material) }));
  if (entities.price) parts.push(describePrice(entities.price, vocab, t));
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
