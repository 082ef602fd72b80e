// La Formula's catalogue (bot.yaml `data.catalogo`, from catalog.json, checked by the runtime): which products a
// message names (bot.yaml's `producto` gazetteer, a value per product), price and stock wording, and whether a
// message asks for a product or datum the catalogue doesn't have (that is the `precio_stock` intent, which hands
// the conversation to Mauri).
import { botVocabulary, fillTemplate, findMentions, fold, readQuantities, showValue, type Mention } from 'switchboard';

/** A product as bot.yaml's `data.catalogo` declares it (price in ARS). */
export interface Product {
  id: string;
  name: string;
  aliases: string[];
  category: string;
  brand: string;
  price: number;
  stock: number;
  description: string;
}
export type Catalog = Product[];

// What bot.yaml says about messages and products: its gazetteers, cue entities and catalogue.
const { says, mentioned, mentions, gazetteer, entities, data } = botVocabulary(import.meta.url);

/** The shop's catalogue shipped with the bot. */
export const defaultCatalog: Catalog = data<Product>('catalogo');

/** Drugs and hormones (the `drug` gazetteer, which the runtime makes `farmacologia`) and what the shop doesn't carry. */
const drugs = gazetteer('drug');
const notCarried = gazetteer('no_vendemos');
/** The catalogue's products: id → aliases. */
const productGazetteer = gazetteer('producto');

// ---------------------------------------------------------------------------------------------
// Products

export interface ProductMatch extends Mention {
  product: Product;
}

/**
 * The catalogue products a message names (bot.yaml's `producto` gazetteer). A more specific mention wins over a
 * generic one it contains ("whey isolada" → only the isolate, "whey" → every whey), and products named only
 * inside something we don't carry (or a drug) are dropped (its `notInside`).
 * Ordered by position in the message, then in-stock first, then cheaper first.
 */
export function findProducts(catalog: Catalog, text: string): ProductMatch[] {
  const byId = new Map(catalog.map((p) => [p.id, p]));
  return mentions('producto', text)
    .flatMap((m) => (byId.has(m.value) ? [{ ...m, product: byId.get(m.value)! }] : []))
    .sort((a, b) => a.start - b.start || Number(b.product.stock > 0) - Number(a.product.stock > 0) || a.product.price - b.product.price);
}

/**
 * A follow-up that names only a brand ("¿y la de ENA?") about the products just answered: the catalogue's
 * products of that brand in the same categories. Empty when the message names a product or no brand.
 */
export function brandFollowUp(text: string, previous: Product[], catalog: Catalog = defaultCatalog): Product[] {
  if (!previous.length || findProducts(catalog, text).length) return [];
  const words = new Set(fold(text).match(/[\p{L}\p{N}]+/gu) ?? []);
  const brands = [...new Set(catalog.map((p) => p.brand))].filter((b) => words.has(fold(b).split(/\s+/)[0])); // by its first word: "ENA", "Star"
  if (!brands.length) return [];
  const categories = new Set(previous.map((p) => p.category));
  return catalog.filter((p) => brands.includes(p.brand) && categories.has(p.category));
}

/** Pesos with dots for thousands, no decimals: 25000 → "25.000". */
export const formatAmount = (ars: number): string => showValue('number', Math.round(ars), 'es');

/** At most this many units left is "few". */
const FEW_UNITS = 3;

/** The {stock} part of "{nombre} está a ${precio} y {stock}": bot.yaml's reply stock_none, stock_few or stock_ok. */
export function stockPhrase(stock: number, replies: Record<string, string>): string {
  const key = stock <= 0 ? 'stock_none' : stock <= FEW_UNITS ? 'stock_few' : 'stock_ok';
  return fillTemplate(replies[key] ?? '', { cantidad: stock });
}

// ---------------------------------------------------------------------------------------------
// Questions the catalogue can't answer → precio_stock

type UnknownReason = 'not_carried' | 'size' | 'flavour' | 'restock' | 'wholesale';

export interface UnknownProductQuery {
  reason: UnknownReason;
  /** What we don't have: the product, brand, size or flavour as the customer wrote it. */
  terms: string[];
}

const [sizeEntity] = entities('tamano');
/** Sizes said in the text, in grams (bot.yaml's `tamano` quantity entity). */
const sizesIn = (text: string): number[] => (sizeEntity?.quantity ? readQuantities(text, sizeEntity.quantity).map((q) => q.value) : []);

/**
 * Why the catalogue can't answer this message, if it asks for a product, price or stock we
 * have no data for: a product/brand/gear we don't carry, a size or flavour none of the named
 * products comes in, when something is restocked, or wholesale prices. Undefined when the
 * catalogue can answer (or the message isn't about products at all). `context` is the recent
 * conversation (e.g. the previous user message): a follow-up naming no product is checked
 * against the products named there.
 */
export function unknownProductQuery(
  text: string,
  catalog: Catalog = defaultCatalog,
  options: { context?: string } = {},
): UnknownProductQuery | undefined {
  const words = fold(text).split(/[^a-z0-9]+/).filter(Boolean);
  if (words.length === 0) return undefined;
  const asks = says('consulta_comercial', text) !== undefined || /\?\s*$/.test(text.trim()) || words.length <= 3;
  const own = findProducts(catalog, text);
  // A follow-up ("y en sabor banana?") is about the products of the previous messages.
  const known = own.length > 0 || !options.context ? own : findProducts(catalog, options.context);

  const wholesale = says('mayorista', text);
  if (wholesale) return { reason: 'wholesale', terms: [wholesale] };

  // A drug is farmacologia, and a term inside a sold product's name ("whey con caseina") is that product.
  const lacking = findMentions(text, notCarried, { typos: false, notInside: [drugs, productGazetteer] });
  if (lacking.length > 0 && asks) return { reason: 'not_carried', terms: [...new Set(lacking.map((m) => fold(text.slice(m.start, m.end))))] };
  if (known.length === 0) return undefined;

  if (says('reposicion', text) && !says('pedido', text)) return { reason: 'restock', terms: known.map((m) => m.product.name) };

  return missingSizes(text, known) ?? missingFlavours(text, known);
}

/** Sizes the message asks for that none of the products comes in (within 10%). */
function missingSizes(text: string, known: ProductMatch[]): UnknownProductQuery | undefined {
  const asked = sizesIn(text);
  if (asked.length === 0) return undefined;
  const offered = known.flatMap((m) => sizesIn(m.product.name));
  const missing = asked.filter((g) => !offered.some((o) => Math.abs(o - g) / g <= 0.1));
  if (missing.length === 0) return undefined;
  return { reason: 'size', terms: missing.map((g) => (g >= 1000 ? `${g / 1000} kg` : `${Math.round(g)} g`)) };
}

/** Flavours the message asks for ("sabor …") that none of the products' descriptions names. */
function missingFlavours(text: string, known: ProductMatch[]): UnknownProductQuery | undefined {
  const flavours = mentioned('sabor', text);
  if (flavours.length === 0 || !/\bsabor/.test(fold(text))) return undefined;
  const missing = flavours.filter((f) => !known.some((m) => mentioned('sabor', m.product.description).includes(f)));
  return missing.length > 0 ? { reason: 'flavour', terms: missing } : undefined;
}
