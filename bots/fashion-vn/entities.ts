// Product entities from Vietnamese shop messages, with or without diacritics and teen-code: bot.yaml's
// `queries.product` (budget, size, product type, colour, material, read by the runtime) plus the words of the
// catalogue's product names. bot.yaml `saleor.search` says how the runtime searches them (switchboard/saleor
// findProducts: categories, attributes, the budget in the channel's currency, what is given up when nothing matches).
import { dirname, resolve } from 'node:path';
import { botQueryTerms, type BotConfig, foldPreservingOffsets, readBotConfig, readBotQuery, sourcePath } from 'switchboard';
import { loadCatalog, type FoundProducts } from 'switchboard/saleor';

export type Currency = 'VND' | 'USD';

interface PriceRange {
  gte?: number;
  lte?: number;
  currency: Currency;
}

export interface ProductEntities {
  /** A product type: a catalogue category slug ('t-shirts', 'sweatshirts') or a group of them ('tops'). */
  product_type?: string;
  /** Canonical colour: the English word the catalogue uses ('grey', 'white'…). */
  color?: string;
  /** 'S'…'XXL' (attribute `size`) or a shoe size '39'…'45' (attribute `shoe-size`). */
  size?: string;
  /** A material attribute value slug ('cotton', 'wool'…). */
  material?: string;
  price?: PriceRange;
  /** Catalogue words found in the text (product names such as 'polygon', 'plimsolls'), used as search terms. */
  keywords: string[];
}

/** A product search's result: the products, the constraints given up to find them, the request that found them. */
export type FindResult = FoundProducts<ProductEntities>;

interface Term { label: string; synonyms: string[] }

export interface CatalogVocabulary {
  productTypes: Record<string, Term>;
  colors: Record<string, Term>;
  materials: Record<string, Term>;
  /** The bot's config: its gazetteers, `queries.product` and `saleor`. */
  config: BotConfig;
  /** settings.cues: phrases that steer a turn, over the folded message ('cheaper', 'other', 'demonstrative'…). */
  cues: Record<string, RegExp>;
  /** settings.demonstrative_words: the words of cues.demonstrative as written with diacritics. */
  demonstrativeWords: Set<string>;
  /** Lowercase words of catalogue product names worth searching for. */
  nameTerms: string[];
  /** The attribute whose value slugs are the canonical colours (saleor.search.attributes); without one, colours are searched by name. */
  colorAttribute?: string;
  /** How many products the replies list. */
  maxProductsShown: number;
}

// --- vocabulary ---

/** A gazetteer's values with their labels (the first synonym: the name the catalogue gives the value). */
function gazetteerTerms(config: BotConfig, type: string): Record<string, Term> {
  const g = config.gazetteers.find((x) => x.type === type);
  return Object.fromEntries(Object.entries(g?.values ?? {}).map(([canonical, synonyms]) => [canonical, { label: synonyms[0] ?? canonical, synonyms }]));
}

/** Builds the vocabulary from a bot config (gazetteers + settings) and, optionally, the catalogue's product names (the terms of queries.product). */
export function vocabularyFromConfig(config: BotConfig, productNames: string[] = []): CatalogVocabulary {
  const s = config.settings as Record<string, any>;
  const productTypes = gazetteerTerms(config, 'product_type');
  const colors = gazetteerTerms(config, 'color');
  return {
    config,
    cues: Object.fromEntries(Object.entries<string>(s.cues ?? {}).map(([k, v]) => [k, new RegExp(v, 'u')])),
    demonstrativeWords: new Set(s.demonstrative_words ?? []),
    productTypes,
    colors,
    materials: gazetteerTerms(config, 'material'),
    nameTerms: botQueryTerms(config, 'product', productNames),
    colorAttribute: config.saleor?.search?.attributes.find((a) => a.field === 'color')?.attribute,
    maxProductsShown: Number(s.max_products_shown ?? 5),
  };
}

export const botDir = dirname(sourcePath(import.meta.url));

let botConfig: BotConfig | undefined;
let defaultVocab: CatalogVocabulary | undefined;

/** This bot's bot.yaml, validated (read once). */
export function fashionConfig(): BotConfig {
  botConfig ??= readBotConfig(botDir);
  return botConfig;
}

/**
 * The catalogue the local Saleor server loads for this bot: env SALEOR_DATA, else bot.yaml
 * saleor.devCatalogue (relative to the bot's folder), else the server's default (Saleor's demo data).
 */
export function devCatalogueFile(config: BotConfig, env: Record<string, string | undefined> = process.env): string | undefined {
  if (env.SALEOR_DATA) return env.SALEOR_DATA;
  const file = config.saleor?.devCatalogue;
  return file ? resolve(botDir, file) : undefined;
}

/** bot.yaml's vocabulary plus the product names of the catalogue the local Saleor server loads (when present). */
export function defaultVocabulary(): CatalogVocabulary {
  if (!defaultVocab) {
    let names: string[];
    try {
      names = loadCatalog(devCatalogueFile(fashionConfig())).products.map((p) => p.name);
    } catch {
      names = []; // no catalogue file on this machine: keywords come only from the gazetteers
    }
    defaultVocab = vocabularyFromConfig(fashionConfig(), names);
  }
  return defaultVocab;
}

// --- text handling ---

/** Lowercase, no diacritics, đ → d. Same length as the NFC input (Vietnamese letters are single code units in NFC). */
export function fold(text: string): string {
  return foldPreservingOffsets(text.normalize('NFC'));
}

const NEVER = /(?!)/u;
/** A cue of settings.cues (never matching when the bot.yaml lacks it). */
export const cue = (vocab: CatalogVocabulary, name: string): RegExp => vocab.cues[name] ?? NEVER;

// --- the extractor ---

/** The product search of the message: bot.yaml `queries.product`, with the catalogue's name words as keywords. */
export function extractProductEntities(text: string, catalog: CatalogVocabulary = defaultVocabulary()): ProductEntities {
  const { keywords, price, ...named } = readBotQuery(catalog.config, 'product', text, catalog.nameTerms);
  const entities = { ...named, keywords: Array.isArray(keywords) ? keywords : [] } as ProductEntities;
  if (price && typeof price === 'object' && !Array.isArray(price)) entities.price = { ...price, currency: price.currency === 'USD' ? 'USD' : 'VND' };
  return entities;
}
