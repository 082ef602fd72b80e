// fashion-vn: receive_question → classify_question → purchase: extract_entities → query_saleor;
// general_fashion_inquiry: generate_answer (knowledge, topic table in bot.yaml); off_topic: handle_off_topic; all → ask_to_continue (replies.closing).
// The state (question, chat_history, classification_decision, extracted_entities, saleor_products,
// saleor_error) is kept per conversation under memory.fashion.
// classify_question is the local classifier corrected by bot.yaml's understanding.refine rules (follow-ups after a
// search, products asked for by type, shop topics), whose catalogue predicates are in refine.ts.
import { answerFromKnowledge, type BotConfig, defineBot, readQueryWithModel, sizeAdviceReply, type Step, type TurnContext } from 'switchboard';
import { connectSaleor, findProducts, type Product, type SaleorClient, type SaleorConnection, SaleorError } from 'switchboard/saleor';
import { catalogueVocabulary, type VocabularySource } from './catalogue.ts';
import { botDir, extractProductEntities, vocabularyFromConfig, type CatalogVocabulary, type FindResult, type ProductEntities } from './entities.ts';
import { refinePredicates } from './refine.ts';
import { colorsInStock, formatNoProducts, formatNotSold, formatOtherColors, formatProductList } from './replies.ts';
import { followUpQuery, type FollowUp, type PreviousSearch } from './follow-up.ts';

interface FashionMemory {
  question?: string;
  classification_decision?: string;
  extracted_entities?: ProductEntities;
  saleor_products?: { id: string; slug: string; name: string }[];
  saleor_error?: string | null;
  last_search?: PreviousSearch;
}

interface FashionServices {
  /** The shop; its client is null when no Saleor is configured: the catalogue is unavailable. */
  saleor: SaleorConnection;
  vocabulary: VocabularySource;
}

type Memory = { fashion: FashionMemory };
/** What one step leaves for the next: the resolved search (purchase). */
type Data = { followUp?: Search };
/** A follow-up, or a new search (no `relax`: constraints are relaxed in the default order). */
type Search = Omit<FollowUp, 'relax'> & { relax?: string[] };
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
  !found.products.length && Boolean(found.request.product_type) && !found.request.keywords.length
  && !found.request.color && !found.request.size && !found.request.material && !found.request.price;

/** The products of the turn: the shown ones a question is about, else a search (relaxed when nothing matches). */
async function searchProducts(ctx: Ctx, client: SaleorClient, followUp: Search): Promise<{ products: Product[]; found?: FindResult }> {
  if (followUp.kind === 'about_shown' && followUp.productSlugs.length) {
    const shown = await ctx.tool('query_saleor', { slugs: followUp.productSlugs }, () => Promise.all(followUp.productSlugs.map((slug) => client.getProduct(slug))));
    return { products: shown.filter((p): p is Product => p !== null) };
  }
  const found = await ctx.tool('query_saleor', { entities: followUp.entities }, () =>
    findProducts(client, ctx.bot, followUp.entities, { excludeProductIds: followUp.excludeProductIds, relax: followUp.relax }),
  );
  return { products: found.products, found };
}

/** What the turn says and leaves: the reply, the products it is about, and the colours the customer has seen. */
interface Answer { text: string; products: Product[]; colorsShown: string[] }

/** "còn màu khác không?" over colours as variant values: the colours not shown yet, with the products that have them. */
function otherColorsAnswer(ctx: Ctx, products: Product[], followUp: Search, excludeColors: string[]): Answer {
  const { entities } = followUp;
  const other = formatOtherColors(products, entities, excludeColors, { vocabulary: vocab(ctx), templates: ctx.bot.replies });
  const having = other.colors.length ? products.filter((p) => colorsInStock(p, vocab(ctx), entities.size).some((c) => other.colors.includes(c))) : products;
  return { text: other.text, products: having, colorsShown: [...excludeColors, ...other.colors] };
}

/** The products found listed (the intro says what was dropped to find them), else why there are none. */
function productsAnswer(ctx: Ctx, products: Product[], followUp: Search, found?: FindResult): Answer {
  const { entities } = followUp;
  const options = { vocabulary: vocab(ctx), templates: ctx.bot.replies };
  // the colours the customer has seen: the one asked for, else those of the products listed
  const colorsShown = entities.color ? [entities.color] : [...new Set(products.slice(0, vocab(ctx).maxProductsShown).flatMap((p) => colorsInStock(p, vocab(ctx))))];
  const text = products.length
    ? formatProductList(products, found?.request ?? entities, { ...options, relaxed: found?.relaxed, requested: entities })
    : found && followUp.kind === 'new' && typeNotSold(found)
      ? formatNotSold(entities.product_type!, options)
      : formatNoProducts(entities, options);
  return { text, products, colorsShown };
}

/** purchase, step 2: search Saleor; nothing found or Saleor down is a friendly reply, never a crash. */
const query_saleor: FashionStep = async (ctx) => {
  const mem = fashion(ctx);
  const followUp = ctx.data.followUp ?? resolveFollowUp(ctx);
  const { client } = ctx.services.saleor;
  if (!client) return unavailable(ctx, mem);
  try {
    const { products, found } = await searchProducts(ctx, client, followUp);
    const answer = followUp.kind === 'other_colors' && followUp.excludeColors
      ? otherColorsAnswer(ctx, products, followUp, followUp.excludeColors)
      : productsAnswer(ctx, products, followUp, found);
    const saleor_products = answer.products.slice(0, 5).map((p) => ({ id: p.id, slug: p.slug, name: p.name, price: p.price ?? undefined }));
    const last_search = answer.products.length ? { entities: followUp.entities, products: saleor_products, colors_shown: answer.colorsShown } : mem.last_search;
    return {
      segments: [{ intent: 'purchase', text: answer.text, ok: true, data: { products: saleor_products.map((p) => p.slug) } }],
      memory: { fashion: { ...mem, saleor_products, saleor_error: null, last_search } },
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

/** general_fashion_inquiry: size advice from a height and weight (bot.yaml sizeChart), else the store's documents, the passage picked by bot.yaml knowledgeTopics. */
const generate_answer: FashionStep = async (ctx) => {
  const advice = sizeAdviceReply(ctx);
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
  /** The Saleor of the environment (src/saleor connectSaleor: SALEOR_API_URL, or SALEOR_DEV=1 over the shop's catalogue), and its product names. */
  async setup({ config, env, log }): Promise<FashionServices> {
    const saleor = await connectSaleor({ env, saleor: config.saleor, dir: botDir, log });
    const vocabulary = catalogueVocabulary(saleor.client ?? { searchProducts: async () => [] }, config, { log });
    if (saleor.client) vocabularies.set(config, vocabulary);
    return { saleor, vocabulary };
  },
  // The product names: the demo server builds Saleor's 1 MB schema on its first request (~0.5 s of CPU).
  async warmUp(services) {
    await services?.vocabulary.get();
  },
  async close(services) {
    await services?.saleor.close();
  },
});
