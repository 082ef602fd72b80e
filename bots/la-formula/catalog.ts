// La Formula's catalogue and the pure text heuristics around it: which products a message
// names (accent/case-insensitive alias matching with plurals and one-letter typos), price and
// stock wording, and whether a message asks for a product or datum the catalogue doesn't have
// (that is the `precio_stock` intent, which hands the conversation to Mauri).
import { z } from 'zod';
import { dirname } from 'node:path';
import { foldDiacritics, readBotConfig, sourcePath } from 'switchboard';
import catalogData from './catalog.json' with { type: 'json' };

export const productSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  aliases: z.array(z.string().min(1)).min(1),
  category: z.string().min(1),
  brand: z.string().min(1),
  price: z.number().int().positive(), // ARS
  stock: z.number().int().min(0),
  description: z.string().default(''),
});

export type Product = z.infer<typeof productSchema>;
export type Catalog = Product[];

/** Validate a catalogue (e.g. catalog.json); ids must be unique. */
export function parseCatalog(raw: unknown): Catalog {
  const catalog = z.array(productSchema).parse(raw);
  const seen = new Set<string>();
  for (const p of catalog) {
    if (seen.has(p.id)) throw new Error(`duplicate product id "${p.id}"`);
    seen.add(p.id);
  }
  return catalog;
}

/** The shop's catalogue shipped with the bot. */
export const defaultCatalog: Catalog = parseCatalog(catalogData);

// ---------------------------------------------------------------------------------------------
// Text handling

/** Lowercase, accents folded, punctuation → spaces ("L-Carnitina" → "l carnitina"). */
export function foldText(text: string): string {
  return foldDiacritics(text)
    .toLowerCase()
    .replace(/(\d),(\d)/g, '$1.$2')
    .replace(/[^a-z0-9.\s]+/g, ' ')
    .replace(/\.(?!\d)|(?<!\d)\./g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Light Spanish plural stripping, applied alike to text and aliases ("ganadores" → "ganador", "bcaas" → "bcaa"). */
function stem(token: string): string {
  if (token.length > 5 && /[rlndzj]es$/.test(token)) return token.slice(0, -2);
  if (token.length > 3 && token.endsWith('s') && !token.endsWith('ss')) return token.slice(0, -1);
  return token;
}

function tokens(text: string): string[] {
  return foldText(text).split(' ').filter(Boolean).map(stem);
}

/** Optimal string alignment distance, capped: we only care whether it is ≤ 1. */
function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const restA = a.slice(i);
  const restB = b.slice(i);
  return (
    restA.slice(1) === restB.slice(1) || // substitution
    restA.slice(1) === restB || // deletion
    restA === restB.slice(1) || // insertion
    (restA.length >= 2 && restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2)) // transposition
  );
}

/** A text token matches an alias token exactly, or with one typo when both are long enough. */
function tokenMatches(textTok: string, aliasTok: string): boolean {
  if (textTok === aliasTok) return true;
  return textTok.length >= 6 && aliasTok.length >= 6 && textTok[0] === aliasTok[0] && withinOneEdit(textTok, aliasTok);
}

interface Span {
  start: number; // token index, inclusive
  end: number; // token index, exclusive
}

/** Every place where the phrase's tokens occur contiguously in the text's tokens. */
function findPhrase(text: string[], phrase: string[], fuzzy = true): Span[] {
  const out: Span[] = [];
  if (phrase.length === 0) return out;
  for (let i = 0; i + phrase.length <= text.length; i++) {
    let ok = true;
    for (let j = 0; j < phrase.length && ok; j++) {
      ok = fuzzy ? tokenMatches(text[i + j], phrase[j]) : text[i + j] === phrase[j];
    }
    if (ok) out.push({ start: i, end: i + phrase.length });
  }
  return out;
}

const contains = (outer: Span, inner: Span) =>
  outer.start <= inner.start && inner.end <= outer.end && outer.end - outer.start > inner.end - inner.start;

// ---------------------------------------------------------------------------------------------
// Things the shop does not sell (or has no data about). Folded; matched as whole phrases.

const config = readBotConfig(dirname(sourcePath(import.meta.url)));
const lists = config.settings as Record<string, string[]>;
/** Supplements, brands and gear La Formula doesn't carry (bot.yaml settings.not_carried): asking for them is `precio_stock`. */
export const NOT_CARRIED: readonly string[] = lists.not_carried ?? [];
/** Drugs and hormones (bot.yaml's `drug` gazetteer, which the runtime makes `farmacologia`): never a product. */
const PHARMACOLOGY_TERMS: readonly string[] = config.gazetteers.filter((g) => g.type === 'drug').flatMap((g) => Object.entries(g.values).flat(2));

const notCarriedPhrases = NOT_CARRIED.map((t) => tokens(t));
const pharmaPhrases = PHARMACOLOGY_TERMS.map((t) => tokens(t));

function exactSpans(text: string[], phrases: string[][]): Span[] {
  return phrases.flatMap((p) => findPhrase(text, p, false));
}

// ---------------------------------------------------------------------------------------------
// Products

export interface ProductMatch {
  product: Product;
  /** The alias that matched, as written in the catalogue. */
  alias: string;
  /** Token span of the match in the folded message. */
  start: number;
  end: number;
}

/**
 * The catalogue products a message names. A more specific mention wins over a generic one it
 * contains ("whey isolada" → only the isolate, "whey" → every whey), and products named only
 * inside something we don't carry are dropped ("proteina de arroz", "vitamina d").
 * Ordered by position in the message, then in-stock first, then cheaper first.
 */
export function findProducts(catalog: Catalog, text: string): ProductMatch[] {
  const toks = tokens(text);
  if (toks.length === 0) return [];
  const best: ProductMatch[] = [];
  for (const product of catalog) {
    let found: ProductMatch | undefined;
    for (const alias of product.aliases) {
      const aliasToks = tokens(alias);
      for (const span of findPhrase(toks, aliasToks)) {
        const len = span.end - span.start;
        const bestLen = found ? found.end - found.start : -1;
        if (len > bestLen || (len === bestLen && alias.length > found!.alias.length)) {
          found = { product, alias, ...span };
        }
      }
    }
    if (found) best.push(found);
  }
  const blockers = exactSpans(toks, [...notCarriedPhrases, ...pharmaPhrases]);
  const kept = best.filter((m) => !best.some((o) => contains(o, m)) && !blockers.some((b) => contains(b, m)));
  return kept.sort(
    (a, b) =>
      a.start - b.start ||
      Number(b.product.stock > 0) - Number(a.product.stock > 0) ||
      a.product.price - b.product.price,
  );
}

/** Does the message name something from the catalogue? */
export function isKnownProductMention(text: string, catalog: Catalog = defaultCatalog): boolean {
  return findProducts(catalog, text).length > 0;
}

/** Pesos with dots for thousands, no decimals: 25000 → "25.000". */
export function formatAmount(ars: number): string {
  const rounded = Math.round(ars);
  const sign = rounded < 0 ? '-' : '';
  return sign + String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** 25000 → "$25.000" */
export function formatPrice(ars: number): string {
  const amount = formatAmount(ars);
  return amount.startsWith('-') ? `-$${amount.slice(1)}` : `$${amount}`;
}

/** The {stock} part of "{nombre} está a ${precio} y {stock}". */
export function stockPhrase(stock: number): string {
  if (stock <= 0) return 'ahora no nos queda stock';
  if (stock <= 3) return `quedan pocas unidades (${stock})`;
  return 'hay stock';
}

// ---------------------------------------------------------------------------------------------
// Questions the catalogue can't answer → precio_stock

export type UnknownReason = 'not_carried' | 'size' | 'flavour' | 'restock' | 'wholesale';

export interface UnknownProductQuery {
  reason: UnknownReason;
  /** What we don't have: the product, brand, size or flavour as the customer wrote it (folded). */
  terms: string[];
}

const COMMERCE_CUE =
  /\b(precio|precios|cuanto|cuesta|cuestan|sale|salen|vale|valen|valor|tenes|tienen|tiene|tendras|tendran|hay|venden|vendes|vende|trabajan|trabajas|manejan|manejas|consigo|conseguis|consiguen|traen|traes|stock|queda|quedan|quedo|disponible|busco|buscaba|necesito|quiero|queria|llevo|encargar|pedir|mandame|pasame)\b/;

const FLAVOURS: readonly string[] = lists.flavours ?? [];

const SIZE = /(\d+(?:\.\d+)?) ?(kg|kilos?|lbs?|libras?|g|gr|grs|gramos?)\b/g;
const MEDIO_KILO = /\bmedio kilo\b/;

function grams(amount: number, unit: string): number {
  if (/^k/.test(unit)) return amount * 1000;
  if (/^l/.test(unit)) return amount * 453.6;
  return amount;
}

function sizesIn(folded: string): number[] {
  const out = [...folded.matchAll(SIZE)].map((m) => grams(Number(m[1]), m[2]));
  if (MEDIO_KILO.test(folded)) out.push(500);
  return out;
}

const RESTOCK =
  /\bcuando (?:(?:te|les|le|me|lo|la|los|las|se) )*(?:va a |van a )?(?:entra|entran|entre|entren|entrar|ingresa|ingresan|ingrese|ingresen|ingresar|llega|llegan|llegue|lleguen|llegar|vuelve|vuelven|vuelva|vuelvan|volver|repone|reponen|reponga|repongan|reponer|repones|tenes|tienen|tendras|tendran|hay|habra)\b|\b(?:reposicion|reingreso|proximo ingreso)\b/;
const ORDER_WORDS = /\b(pedido|envio|paquete|compra|encomienda|seguimiento|correo|andreani|oca)\b/;
const WHOLESALE = /\b(al por mayor|por mayor|mayoristas?|reventa|revender|revendedor(?:a|es|as)?|precio (?:para|de) gimnasios?|precio distribuidor|distribuidor(?:a|es)?)\b/;

function phraseText(toks: string[], span: Span): string {
  return toks.slice(span.start, span.end).join(' ');
}

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
  const folded = foldText(text);
  const toks = tokens(text);
  if (toks.length === 0) return undefined;
  const rawToks = folded.split(' ');
  const asks = COMMERCE_CUE.test(folded) || /\?\s*$/.test(text.trim()) || rawToks.length <= 3;
  const own = findProducts(catalog, text);
  // A follow-up ("y en sabor banana?") is about the products of the previous messages.
  const known = own.length > 0 || !options.context ? own : findProducts(catalog, options.context);

  if (WHOLESALE.test(folded)) return { reason: 'wholesale', terms: [folded.match(WHOLESALE)![0]] };

  const pharma = exactSpans(toks, pharmaPhrases);
  const inside = (outer: Span, s: Span) => outer.start <= s.start && s.end <= outer.end;
  // A drug is farmacologia, and a term inside a sold product's name ("whey con caseina") is that product.
  const notCarried = exactSpans(toks, notCarriedPhrases).filter(
    (s) => !pharma.some((p) => inside(p, s)) && !own.some((m) => inside(m, s)),
  );
  if (notCarried.length > 0 && asks) {
    const terms = [...new Set(notCarried.filter((s) => !notCarried.some((o) => contains(o, s))).map((s) => phraseText(toks, s)))];
    return { reason: 'not_carried', terms };
  }
  if (known.length === 0) return undefined;

  if (RESTOCK.test(folded) && !ORDER_WORDS.test(folded)) {
    return { reason: 'restock', terms: known.map((m) => m.product.name) };
  }

  const asked = sizesIn(folded);
  if (asked.length > 0) {
    const offered = known.flatMap((m) => sizesIn(foldText(m.product.name)));
    const missing = asked.filter((g) => !offered.some((o) => Math.abs(o - g) / g <= 0.1));
    if (missing.length > 0) {
      return { reason: 'size', terms: missing.map((g) => (g >= 1000 ? `${g / 1000} kg` : `${Math.round(g)} g`)) };
    }
  }

  const flavours = FLAVOURS.filter((f) => new RegExp(`\\b${f}\\b`).test(folded));
  if (flavours.length > 0 && /\bsabor/.test(folded)) {
    const missing = flavours.filter((f) => !known.some((m) => foldText(m.product.description).includes(f)));
    if (missing.length > 0) return { reason: 'flavour', terms: missing };
  }
  return undefined;
}

/** Heuristic for `precio_stock`: the message asks for a product/price/stock the catalogue doesn't have. */
export function mentionsUnknownProduct(text: string, catalog: Catalog = defaultCatalog, options: { context?: string } = {}): boolean {
  return unknownProductQuery(text, catalog, options) !== undefined;
}

