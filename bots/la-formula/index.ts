// la-formula: Nico answers from the shop's catalogue and knowledge; intents whose handoff toggle
// is on go to Mauri through the runtime's handoff circuit.
import { answerFromKnowledge, defineBot, fillTemplate, fold, type Step, type TurnContext } from 'switchboard';
import { brandFollowUp, defaultCatalog, findProducts, formatAmount, stockPhrase, unknownProductQuery, type Product } from './catalog.ts';

function productLine(ctx: TurnContext, p: Product): string {
  return ctx.reply('product_list_item', { nombre: p.name, precio: formatAmount(p.price), stock: stockPhrase(p.stock, ctx.bot.replies) });
}

/** What the conversation is about: the products the last product answer named. */
type Memory = { productos?: string[] };
type Ctx = TurnContext<unknown, Memory>;

/**
 * A short price question that names no product and no shop topic (shipping, payment…) is about the products just
 * answered.
 */
const FOLLOW_UP_WORDS = 6;
function followedUp(ctx: Ctx): Product[] {
  const brand = brandFollowUp(ctx.text, remembered(ctx.memory));
  if (brand.length) return brand;
  const words = fold(ctx.text).match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length > FOLLOW_UP_WORDS || ctx.says('pregunta_precio') === undefined) return [];
  if (ctx.mentioned('tema_tienda').length || unknownProductQuery(ctx.text)) return [];
  return remembered(ctx.memory);
}

function remembered(memory: Memory | undefined): Product[] {
  return (memory?.productos ?? []).map((id) => defaultCatalog.find((p) => p.id === id)).filter((p): p is Product => Boolean(p));
}

/** consulta_producto / posible_comprador: prices and stock straight from the catalogue. */
const productAnswer =
  (intent: string): Step<unknown, Memory> =>
  async (ctx) => {
    const matches = await ctx.tool('searchCatalog', { text: ctx.text }, async () => findProducts(defaultCatalog, ctx.text));
    const named = [...new Map(matches.map((m) => [m.product.id, m.product])).values()];
    const products = named.length ? named : followedUp(ctx);
    const memory = { productos: products.map((p) => p.id) };
    // "me llevo la star, ¿aceptan Mercado Pago?": a buying question about payment, shipping or pickup too.
    const topic = ctx.mentioned('tema_tienda')[0];
    if (!products.length) {
      // Mid-purchase (products were just answered) the shop line answers; a first question gets the fuller document.
      if (topic && ctx.memory.productos?.length) return { segments: [{ intent, text: ctx.reply(topic), ok: true }], memory: { ...memory, productos: ctx.memory.productos } };
      const kb = await answerFromKnowledge(ctx, intent);
      const text = kb.found ? kb.text : ctx.reply('product_generic_help');
      return { segments: [{ intent, text, ok: true }], memory };
    }
    const inStock = products.filter((p) => p.stock > 0);
    // A question about a property ("¿viene con lactosa?", "¿es vegana?") is answered from the descriptions.
    const asked = ctx.mentioned('propiedad').filter((w) => products.some((p) => fold(p.description).includes(w)));
    if (asked.length) {
      const matching = products.filter((p) => asked.some((w) => fold(p.description).includes(w)));
      const lines = matching.slice(0, 4).map((p) => `• ${p.name} ($${formatAmount(p.price)}): ${p.description}`);
      return { segments: [{ intent, text: [ctx.reply('product_answer_intro'), ...lines].join('\n'), ok: true, data: { products: matching.map((p) => p.id) } }], memory };
    }
    let text: string;
    if (products.length === 1) {
      const p = products[0];
      text =
        p.stock > 0
          ? ctx.reply('product_answer', { nombre: p.name, precio: formatAmount(p.price), stock: stockPhrase(p.stock, ctx.bot.replies) })
          : ctx.reply('product_out_of_stock', {
              nombre: p.name,
              alternativa: alternativeTo(p)?.name ?? ctx.reply('product_alternative_unknown'),
            });
    } else {
      text = [ctx.reply('product_answer_intro'), ...products.slice(0, 5).map((p) => productLine(ctx, p))].join('\n');
    }
    if (topic) text += `\n${ctx.reply(topic)}`;
    else if (intent === 'posible_comprador' && inStock.length) text += `\n${ctx.reply('product_buy_cta')}`;
    return { segments: [{ intent, text, ok: true, data: { products: products.map((p) => p.id) } }], memory };
  };

function alternativeTo(p: Product): Product | undefined {
  return defaultCatalog.find((o) => o.id !== p.id && o.category === p.category && o.stock > 0);
}

const saludo: Step = (ctx) => {
  const returning = ctx.history.length > 0;
  return { segments: [{ intent: 'saludo', text: ctx.reply(returning ? 'saludo_returning' : 'saludo'), ok: true }] };
};

/** General training advice by topic (bot.yaml's `tema_entrenamiento`), in Nico's voice, always with the disclaimer. */
const consultaEntrenamiento: Step = (ctx) => {
  const topic = ctx.mentioned('tema_entrenamiento')[0] ?? 'general';
  const text = `${ctx.reply('training_generic', { consejo: ctx.reply(`consejo_${topic}`) })}\n${ctx.reply('training_disclaimer')}`;
  return { segments: [{ intent: 'consulta_entrenamiento', text, ok: true }] };
};

/** otro: shipping, payment and hours from the shop's knowledge, else a friendly nudge (thanks and goodbyes are the runtime's small talk). */
const otro: Step = async (ctx) => {
  const topic = ctx.mentioned('tema_tienda')[0];
  if (topic) return { segments: [{ intent: 'otro', text: ctx.reply(topic), ok: true }] };
  const kb = await answerFromKnowledge(ctx, 'otro');
  return { segments: [{ intent: 'otro', text: kb.found ? kb.text : ctx.reply('otro'), ok: true }] };
};

/** For the model (tagged replies): the catalogue lines the message names, plus payment, shipping and hours. */
async function modelContext({ text, config }: { text: string; config: { replies: Record<string, string> } }): Promise<string> {
  const named = findProducts(defaultCatalog, text).map((m) => m.product);
  const r = config.replies;
  const lines = (named.length ? named : defaultCatalog).map((p) =>
    fillTemplate(r.model_catalogue_line, { nombre: p.name, precio: formatAmount(p.price), stock: p.stock > 0 ? fillTemplate(r.model_stock, { cantidad: p.stock }) : r.model_no_stock }),
  );
  return fillTemplate(r.model_context, { catalogo: lines.join('\n'), pagos: r.payment, envios: r.shipping, horarios: r.hours });
}

export default defineBot({
  modelContext,
  specialists: {
    consulta_producto: productAnswer('consulta_producto'),
    posible_comprador: productAnswer('posible_comprador'),
    saludo,
    consulta_entrenamiento: consultaEntrenamiento,
    otro,
  },
  /** What bot.yaml's `understanding.refine` rules ask of the catalogue beyond the products a message names. */
  predicates: {
    unknownProduct: (text) => unknownProductQuery(text) !== undefined,
    brandFollowUp: (text, ctx) => brandFollowUp(text, remembered(ctx.memory)).length > 0,
  },
});
