// fashion-vn (seed 001): receive_question → classify_question → purchase: extract_entities → query_saleor;
// general_fashion_inquiry: handle_general_inquiry → generate_answer; off_topic: handle_off_topic; all → ask_to_continue.
// The seed's state (question, chat_history, classification_decision, extracted_entities, saleor_products,
// saleor_error) is kept per conversation under memory.fashion.
import { defineBot } from '../../src/bot/index.ts';
import type { Step, TurnContext } from '../../src/engine/index.ts';
import { createSaleorClient, createSaleorDevServer, SaleorError, type Product, type SaleorClient } from '../../src/saleor/index.ts';
import { extractProductEntities, findProducts, vocabularyFromConfig, type CatalogVocabulary, type ProductEntities } from './entities.ts';
import { formatNoProducts, formatProductList, formatSaleorDown, followUpQuery, offTopicNudge, type PreviousSearch } from './replies.ts';

interface FashionMemory {
  question?: string;
  classification_decision?: string;
  extracted_entities?: ProductEntities;
  saleor_products?: { id: string; slug: string; name: string }[];
  saleor_error?: string | null;
  last_search?: PreviousSearch;
}

interface FashionServices {
  client: SaleorClient;
  devServer: { url: string; close(): Promise<void> } | null;
}

let vocabulary: CatalogVocabulary | null = null;

const fashion = (ctx: TurnContext) => (ctx.memory.fashion ?? {}) as FashionMemory;
const vocab = (ctx: TurnContext) => (vocabulary ??= vocabularyFromConfig(ctx.bot));

/** purchase, step 1: product entities, resolved against the previous search for follow-ups. */
const extract_entities: Step = (ctx) => {
  const previous = fashion(ctx).last_search;
  const followUp = previous ? followUpQuery(previous, ctx.text, vocab(ctx)) : { kind: 'new' as const, entities: extractProductEntities(ctx.text, vocab(ctx)), excludeProductIds: [], productSlugs: [], relax: undefined };
  return {
    data: { followUp },
    memory: { fashion: { ...fashion(ctx), question: ctx.text, classification_decision: 'purchase', extracted_entities: followUp.entities } },
  };
};

/** purchase, step 2: search Saleor; nothing found or Saleor down is a friendly reply, never a crash. */
const query_saleor: Step = async (ctx) => {
  const mem = fashion(ctx);
  const followUp = ctx.data.followUp as ReturnType<typeof followUpQuery>;
  const entities = followUp.entities;
  const templates = ctx.bot.replies;
  const { client } = ctx.services as FashionServices;
  try {
    let products: Product[];
    let relaxed: string[] = [];
    if (followUp.kind === 'about_shown' && followUp.productSlugs.length) {
      const shown = await ctx.tool('query_saleor', { slugs: followUp.productSlugs }, () => Promise.all(followUp.productSlugs.map((slug) => client.getProduct(slug))));
      products = shown.filter((p): p is Product => p !== null);
    } else {
      const found = await ctx.tool('query_saleor', { entities }, () =>
        findProducts(client, entities, { vocabulary: vocab(ctx), excludeProductIds: followUp.excludeProductIds, relax: followUp.relax }),
      );
      products = found.products;
      relaxed = found.relaxed;
    }
    const saleor_products = products.slice(0, 5).map((p) => ({ id: p.id, slug: p.slug, name: p.name, price: p.price ?? undefined }));
    const text = products.length
      ? formatProductList(products, entities, 'vi', { vocabulary: vocab(ctx), templates, relaxed: relaxed as never, requested: entities })
      : formatNoProducts(entities, { vocabulary: vocab(ctx), templates });
    return {
      segments: [{ intent: 'purchase', text, ok: true, data: { products: saleor_products.map((p) => p.slug) } }],
      memory: {
        fashion: {
          ...mem,
          saleor_products,
          saleor_error: null,
          last_search: products.length ? { entities, products: saleor_products } : mem.last_search,
        },
      },
    };
  } catch (err) {
    return fail(ctx, mem, err instanceof SaleorError ? `${err.kind}: ${err.message}` : (err as Error).message);
  }
};

function fail(ctx: TurnContext, mem: FashionMemory, error: string) {
  console.warn(`[fashion-vn] saleor: ${error}`);
  return {
    segments: [{ intent: 'purchase', text: formatSaleorDown({ templates: ctx.bot.replies }), ok: true, data: { saleor_error: error } }],
    memory: { fashion: { ...mem, saleor_products: [], saleor_error: error } },
  };
}

/** general_fashion_inquiry, step 1: retrieve the store's documents for the question (and the recent topic). */
const handle_general_inquiry: Step = async (ctx) => {
  const lastUser = [...ctx.history].reverse().find((m) => m.role === 'user')?.content ?? '';
  let passages = await ctx.tool('knowledgeSearch', { query: ctx.text }, () => ctx.searchKnowledge(ctx.text, 3));
  // A short follow-up ("còn cái đó thì sao?") leans on the previous question.
  if (!passages.length && lastUser) passages = await ctx.searchKnowledge(`${lastUser} ${ctx.text}`, 3);
  return {
    data: { context: passages.map((p) => p.content) },
    memory: { fashion: { ...fashion(ctx), question: ctx.text, classification_decision: 'general_fashion_inquiry' } },
  };
};

/** general_fashion_inquiry, step 2: the answer from the retrieved passages (with the model when configured). */
const generate_answer: Step = async (ctx) => {
  const context = (ctx.data.context as string[]) ?? [];
  if (!context.length) return { segments: [{ intent: 'general_fashion_inquiry', text: ctx.reply('no_knowledge'), ok: true }] };
  if (ctx.model) {
    try {
      const history = ctx.history.map((m) => `${m.role === 'user' ? 'Khách' : 'Shop'}: ${m.content}`).join('\n');
      const text = await ctx.model.generate({
        purpose: 'generate_answer',
        system: `${ctx.bot.persona}\nChỉ trả lời bằng tiếng Việt, dựa trên các đoạn tài liệu sau của shop:\n\n${context.join('\n\n')}\n\nLịch sử trò chuyện:\n${history}`,
        user: ctx.text,
        onDelta: (d) => ctx.emit({ type: 'text_delta', content: d }),
      });
      return { segments: [{ intent: 'general_fashion_inquiry', text, ok: true }] };
    } catch (err) {
      console.warn(`[fashion-vn] model answer failed, using the passage: ${(err as Error).message}`);
    }
  }
  const best = context[0].split('\n').slice(1).join('\n').trim() || context[0];
  return { segments: [{ intent: 'general_fashion_inquiry', text: best, ok: true }] };
};

const handle_off_topic: Step = (ctx) => ({
  segments: [{ intent: 'off_topic', text: offTopicNudge({ templates: ctx.bot.replies }), ok: true }],
  memory: { fashion: { ...fashion(ctx), question: ctx.text, classification_decision: 'off_topic' } },
});

export default defineBot({
  specialists: {
    purchase: { steps: [['extract_entities', extract_entities], ['query_saleor', query_saleor]] },
    general_fashion_inquiry: { steps: [['handle_general_inquiry', handle_general_inquiry], ['generate_answer', generate_answer]] },
    off_topic: { steps: [['handle_off_topic', handle_off_topic]] },
  },
  nodeNames: { understand: 'classify_question', narrate: 'ask_to_continue' },
  // ask_to_continue: the turn ends by inviting the next question.
  narrate: (segments, { bot }) => {
    const body = segments.filter((s) => s.text).map((s) => s.text.trim()).join('\n\n') || bot.replies.general_fallback;
    return `${body}\n\n${bot.replies.ask_to_continue ?? ''}`.trim();
  },
  /** Saleor at SALEOR_API_URL, or the local dev server over Saleor's demo catalogue when none is set. */
  async setup({ config, env, log }): Promise<FashionServices> {
    let apiUrl = env.SALEOR_API_URL;
    let devServer: FashionServices['devServer'] = null;
    if (!apiUrl) {
      devServer = await createSaleorDevServer({ port: Number(env.SALEOR_DEV_PORT ?? 0) });
      apiUrl = devServer.url;
      log(`no SALEOR_API_URL: serving Saleor's demo catalogue at ${apiUrl}`);
    }
    const client = createSaleorClient({ apiUrl, channel: String(config.settings.saleor_channel ?? 'default-channel'), token: env.SALEOR_TOKEN, timeoutMs: Number(env.SALEOR_TIMEOUT_MS ?? 5000) });
    return { client, devServer };
  },
  async close(services) {
    await (services as FashionServices | undefined)?.devServer?.close();
  },
});
