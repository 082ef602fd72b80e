// fashion-vn: receive_question → classify_question → purchase: extract_entities → query_saleor;
// general_fashion_inquiry: generate_answer (knowledge, topic table in bot.yaml); off_topic: handle_off_topic; all → ask_to_continue (replies.closing).
// The state (question, chat_history, classification_decision, extracted_entities, saleor_products,
// saleor_error) is kept per conversation under memory.fashion.
// classify_question is the local classifier corrected by bot.yaml's understanding.refine rules (follow-ups after a
// search, products asked for by type, shop topics), whose catalogue predicates are in refine.ts.
import { answerFromKnowledge, type BotConfig, defineBot, readBotQuery, readQueryWithModel, type Step, type TurnContext } from 'switchboard';
import { createSaleorClient, createSaleorDevServer, type Product, type SaleorClient, SaleorError } from 'switchboard/saleor';
import { catalogueVocabulary, type VocabularySource } from './catalogue.ts';
import { devCatalogueFile, extractProductEntities, findProducts, vocabularyFromConfig, type CatalogVocabulary, type FindResult, type ProductEntities, type Relaxable } from './entities.ts';
import { refinePredicates } from './refine.ts';
import { adviseSize, formatHeight, sizeChartOf } from './sizing.ts';
import { colorsInStock, formatNoProducts, formatNotSold, formatOtherColors, formatProductList, followUpQuery, type FollowUp, type PreviousSearch } from './replies.ts';

interface FashionMemory {
  question?: string;
  classification_decision?: string;
  extracted_entities?: ProductEntities;
  saleor_products?: { id: string; slug: string; name: string }[];
  saleor_error?: string | null;
  last_search?: PreviousSearch;
}

interface FashionServices {
  /** null when no Saleor is configured: the catalogue is unavailable. */
  client: SaleorClient | null;
  devServer: { url: string; close(): Promise<void> } | null;
  vocabulary: VocabularySource;
}

type Memory = { fashion: FashionMemory };
/** What one step leaves for the next: the resolved search (purchase). */
type Data = { followUp?: Search };
/** A follow-up, or a new search (no `relax`: constraints are relaxed in the default order). */
type Search = Omit<FollowUp, 'relax'> & { relax?: Relaxable[] };
type Ctx = TurnContext<FashionServices, Memory, Data>;
type FashionStep = Step<FashionServices, Memory, Data>;

// Each loaded bot config's vocabulary source (set by setup), for the refine predicates, which have no services;
// without one (unit tests) the vocabulary comes from bot.yaml alone.
const vocabularies = new WeakMap<BotConfig, VocabularySource | CatalogVocabulary>();

function vocabularySource(config: BotConfig): VocabularySource | CatalogVocabulary {
  let v = vocabularies.get(config);
  if (!v) vocabularies.set(config, (v = vocabularyFromConfig(config)));
  return v;
}

/**
 * The vocabulary with the catalogue's product names, waiting for a load in progress: the first turns after start-up
 * would otherwise be classified without them (a product asked for by name read as off-topic).
 */
async function loadedVocabulary(config: BotConfig): Promise<CatalogVocabulary> {
  const v = vocabularySource(config);
  return 'get' in v ? v.get() : v;
}

function currentVocabulary(config: BotConfig): CatalogVocabulary {
  const v = vocabularySource(config);
  return 'current' in v ? v.current() : v;
}

const fashion = (ctx: Ctx): FashionMemory => ctx.memory.fashion ?? {};
const vocab = (ctx: Ctx) => ctx.services?.vocabulary.current() ?? currentVocabulary(ctx.bot);

/** The product entities of the message, resolved against the previous search for follow-ups. */
function resolveFollowUp(ctx: Ctx): Search {
  const previous = fashion(ctx).last_search;
  return previous ? followUpQuery(previous, ctx.text, vocab(ctx)) : { kind: 'new', entities: extractProductEntities(ctx.text, vocab(ctx)), excludeProductIds: [], productSlugs: [], asksSizes: false };
}

/** purchase, step 1: product entities, resolved against the previous search for follow-ups. */
const extract_entities: FashionStep = async (ctx) => {
  await ctx.services?.vocabulary.get(); // product names, once loaded
  const followUp = await withModelEntities(ctx, resolveFollowUp(ctx));
  return {
    data: { followUp },
    memory: { fashion: { ...fashion(ctx), question: ctx.text, classification_decision: 'purchase', extracted_entities: followUp.entities } },
  };
};

/**
 * With `understanding.entities: model` and a model configured, what the model reads of the message that the rules
 * did not (a colour, type or budget said in words the gazetteers lack) joins the search.
 */
async function withModelEntities(ctx: Ctx, search: Search): Promise<Search> {
  const { values, fromModel } = await readQueryWithModel(ctx, 'product', vocab(ctx).nameTerms);
  if (!fromModel.length) return search;
  const entities: ProductEntities = { ...search.entities };
  for (const field of fromModel) {
    const value = values[field];
    if (field === 'price' && typeof value === 'object' && !Array.isArray(value)) {
      const range = value as { gte?: number; lte?: number; currency?: string };
      entities.price = { gte: range.gte, lte: range.lte, currency: range.currency === 'USD' ? 'USD' : 'VND' };
    } else if (typeof value === 'string' && ['product_type', 'color', 'size', 'material'].includes(field)) {
      entities[field as 'product_type' | 'color' | 'size' | 'material'] = value;
    }
  }
  return { ...search, entities };
}

/** Nothing of this product type at all, whatever the colour, size, material or price: the shop does not sell it. */
const typeNotSold = (found: FindResult) =>
  !found.products.length && Boolean(found.entities.product_type) && !found.entities.keywords.length
  && !found.entities.color && !found.entities.size && !found.entities.material && !found.entities.price;

/** purchase, step 2: search Saleor; nothing found or Saleor down is a friendly reply, never a crash. */
const query_saleor: FashionStep = async (ctx) => {
  const mem = fashion(ctx);
  const followUp = ctx.data.followUp ?? resolveFollowUp(ctx);
  const entities = followUp.entities;
  const templates = ctx.bot.replies;
  const { client } = ctx.services;
  if (!client) return unavailable(ctx, mem);
  try {
    let products: Product[];
    let found: FindResult | undefined;
    if (followUp.kind === 'about_shown' && followUp.productSlugs.length) {
      const shown = await ctx.tool('query_saleor', { slugs: followUp.productSlugs }, () => Promise.all(followUp.productSlugs.map((slug) => client.getProduct(slug))));
      products = shown.filter((p): p is Product => p !== null);
    } else {
      found = await ctx.tool('query_saleor', { entities }, () =>
        findProducts(client, entities, { vocabulary: vocab(ctx), excludeProductIds: followUp.excludeProductIds, relax: followUp.relax }),
      );
      products = found.products;
    }
    const options = { vocabulary: vocab(ctx), templates };
    // the colours the customer has seen: the one asked for, else those of the products listed
    let colors_shown = entities.color ? [entities.color] : [...new Set(products.slice(0, vocab(ctx).maxProductsShown).flatMap((p) => colorsInStock(p, vocab(ctx))))];
    let otherColors: string | undefined;
    if (followUp.kind === 'other_colors' && followUp.excludeColors) {
      const other = formatOtherColors(products, entities, followUp.excludeColors, options);
      otherColors = other.text;
      colors_shown = [...followUp.excludeColors, ...other.colors];
      if (other.colors.length) products = products.filter((p) => colorsInStock(p, options.vocabulary, entities.size).some((c) => other.colors.includes(c)));
    }
    const saleor_products = products.slice(0, 5).map((p) => ({ id: p.id, slug: p.slug, name: p.name, price: p.price ?? undefined }));
    const text = otherColors ?? (products.length
      ? // the intro describes what was found (found.entities) and, when constraints were dropped, what was asked
        formatProductList(products, found?.entities ?? entities, { ...options, relaxed: found?.relaxed, requested: entities })
      : found && followUp.kind === 'new' && typeNotSold(found)
        ? formatNotSold(entities.product_type!, options)
        : formatNoProducts(entities, options));
    return {
      segments: [{ intent: 'purchase', text, ok: true, data: { products: saleor_products.map((p) => p.slug) } }],
      memory: {
        fashion: {
          ...mem,
          saleor_products,
          saleor_error: null,
          last_search: products.length ? { entities, products: saleor_products, colors_shown } : mem.last_search,
        },
      },
    };
  } catch (err) {
    return fail(ctx, mem, err instanceof SaleorError ? `${err.kind}: ${err.message}` : (err as Error).message);
  }
};

/** No Saleor configured: the catalogue cannot be searched, and the customer is told so. */
function unavailable(ctx: Ctx, mem: FashionMemory) {
  return {
    segments: [{ intent: 'purchase', text: ctx.reply('catalogue_unavailable'), ok: true, data: { saleor_error: 'not configured' } }],
    memory: { fashion: { ...mem, saleor_products: [], saleor_error: 'not configured' } },
  };
}

function fail(ctx: Ctx, mem: FashionMemory, error: string) {
  console.warn(`[fashion-vn] saleor: ${error}`);
  return {
    segments: [{ intent: 'purchase', text: ctx.reply('saleor_down'), ok: true, data: { saleor_error: error } }],
    memory: { fashion: { ...mem, saleor_products: [], saleor_error: error } },
  };
}

/**
 * "cao 1m65 nặng 55kg mặc size gì?": the size that fits, from settings.size_chart, for a garment the chart is for
 * (or none named); undefined when the message gives no height nor weight.
 */
function sizeAdvice(ctx: Ctx): string | undefined {
  const body = readBotQuery(ctx.bot, 'body', ctx.text) as { height?: number; weight?: number };
  if (body.height === undefined && body.weight === undefined) return undefined;
  const chart = sizeChartOf(ctx.bot.settings);
  const type = extractProductEntities(ctx.text, vocab(ctx)).product_type;
  if (type && !chart.types.includes(type)) return undefined;
  const advice = adviseSize(chart.rows, body);
  if (!advice) return undefined;
  const said = [
    body.height !== undefined ? ctx.reply('describe_height', { height: formatHeight(body.height) }) : '',
    body.weight !== undefined ? ctx.reply('describe_weight', { weight: String(body.weight).replace('.', ',') }) : '',
  ].filter(Boolean).join(', ');
  if (!advice.between) return ctx.reply('size_advice', { body: said, size: advice.size });
  const order = chart.rows.map((r) => r.size);
  const [small, large] = [advice.size, advice.between].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return ctx.reply('size_advice_between', { body: said, small, large });
}

/** general_fashion_inquiry: size advice from a height and weight, else the store's documents, the passage picked by bot.yaml knowledgeTopics. */
const generate_answer: FashionStep = async (ctx) => {
  const advice = sizeAdvice(ctx);
  if (advice) {
    return {
      segments: [{ intent: 'general_fashion_inquiry', text: advice, ok: true, data: { size_advice: true } }],
      memory: { fashion: { ...fashion(ctx), question: ctx.text, classification_decision: 'general_fashion_inquiry' } },
    };
  }
  const instruction = 'Chỉ trả lời bằng tiếng Việt, dựa trên các đoạn tài liệu sau của shop:';
  const answer = await answerFromKnowledge(ctx, 'general_fashion_inquiry', { purpose: 'generate_answer', instruction, history: true });
  return {
    segments: [{ intent: 'general_fashion_inquiry', text: answer.text, ok: true }],
    memory: { fashion: { ...fashion(ctx), question: ctx.text, classification_decision: 'general_fashion_inquiry' } },
  };
};

/** off_topic: a gentle nudge back to fashion (small talk is the runtime's, answered with replies.greeting, thanks…). */
const handle_off_topic: FashionStep = (ctx) => {
  return {
    segments: [{ intent: 'off_topic', text: ctx.reply('off_topic'), ok: true }],
    memory: { fashion: { ...fashion(ctx), question: ctx.text, classification_decision: 'off_topic' } },
  };
};

export default defineBot<FashionServices, Memory, Data>({
  specialists: {
    purchase: { steps: [['extract_entities', extract_entities], ['query_saleor', query_saleor]] },
    general_fashion_inquiry: { steps: [['generate_answer', generate_answer]] },
    off_topic: { steps: [['handle_off_topic', handle_off_topic]] },
  },
  nodeNames: { understand: 'classify_question', narrate: 'ask_to_continue' },
  predicates: refinePredicates(loadedVocabulary),
  /**
   * Saleor at SALEOR_API_URL; with SALEOR_DEV=1 and no URL, the local fake over the shop's catalogue
   * (settings.saleor_dev_catalogue, or the fixture SALEOR_DATA names; for development and tests, never silently);
   * with neither, no catalogue.
   */
  async setup({ config, env, log }): Promise<FashionServices> {
    let apiUrl = env.SALEOR_API_URL;
    let devServer: FashionServices['devServer'] = null;
    if (!apiUrl && env.SALEOR_DEV === '1') {
      const dataFile = devCatalogueFile(config, env);
      devServer = await createSaleorDevServer({ port: Number(env.SALEOR_DEV_PORT ?? 0), dataFile });
      apiUrl = devServer.url;
      log(`SALEOR_DEV=1: serving the FAKE Saleor over ${dataFile ?? 'its demo catalogue'} at ${apiUrl} (development only)`);
    }
    if (!apiUrl) {
      log('no SALEOR_API_URL: the catalogue is unavailable (set SALEOR_API_URL, or SALEOR_DEV=1 for the local Saleor server)');
      return { client: null, devServer: null, vocabulary: catalogueVocabulary({ searchProducts: async () => [] }, config, { log }) };
    }
    const client = createSaleorClient({ apiUrl, channel: String(config.settings.saleor_channel ?? 'default-channel'), token: env.SALEOR_TOKEN, timeoutMs: Number(env.SALEOR_TIMEOUT_MS ?? 5000) });
    const vocabulary = catalogueVocabulary(client, config, { log });
    vocabularies.set(config, vocabulary);
    return { client, devServer, vocabulary };
  },
  // The product names: the demo server builds Saleor's 1 MB schema on its first request (~0.5 s of CPU).
  async warmUp(services) {
    await services?.vocabulary.get();
  },
  async close(services) {
    await services?.devServer?.close();
  },
});
