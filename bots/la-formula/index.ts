// la-formula: Nico answers from the shop's catalogue and knowledge; intents whose handoff toggle
// is on go to Mauri through the runtime's handoff circuit.
import { answerFromKnowledge, defineBot, fold, isGreeting, type Step, type TurnContext } from 'switchboard';
import { brandFollowUp, defaultCatalog, findProducts, formatAmount, mentioned, says, stockPhrase, unknownProductQuery, type Product } from './catalog.ts';

const PRODUCT_INTENTS = new Set(['consulta_producto', 'posible_comprador']);
const PRODUCT_TALK = new Set([...PRODUCT_INTENTS, 'precio_stock']);

function productLine(ctx: TurnContext, p: Product): string {
  return ctx.reply('product_list_item', { nombre: p.name, precio: formatAmount(p.price), stock: stockPhrase(p.stock) });
}

/** What the conversation is about: the products the last product answer named, and its intent. */
type Memory = { productos?: string[]; intent?: string };
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
  if (words.length > FOLLOW_UP_WORDS || says('pregunta_precio', ctx.text) === undefined) return [];
  if (mentioned('tema_tienda', ctx.text).length || unknownProductQuery(ctx.text)) return [];
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
    const memory = { productos: products.map((p) => p.id), intent };
    // "me llevo la star, ¿aceptan Mercado Pago?": a buying question about payment, shipping or pickup too.
    const topic = mentioned('tema_tienda', ctx.text)[0];
    if (!products.length) {
      // Mid-purchase (products were just answered) the shop line answers; a first question gets the fuller document.
      if (topic && ctx.memory.productos?.length) return { segments: [{ intent, text: ctx.reply(topic), ok: true }], memory: { ...memory, productos: ctx.memory.productos } };
      const kb = await answerFromKnowledge(ctx, intent);
      const text = kb.found ? kb.text : ctx.reply('product_generic_help');
      return { segments: [{ intent, text, ok: true }], memory };
    }
    const inStock = products.filter((p) => p.stock > 0);
    // A question about a property ("¿viene con lactosa?", "¿es vegana?") is answered from the descriptions.
    const asked = mentioned('propiedad', ctx.text).filter((w) => products.some((p) => fold(p.description).includes(w)));
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
          ? ctx.reply('product_answer', { nombre: p.name, precio: formatAmount(p.price), stock: stockPhrase(p.stock) })
          : ctx.reply('product_out_of_stock', {
              nombre: p.name,
              alternativa: alternativeTo(p)?.name ?? 'otra opción parecida',
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
  const topic = mentioned('tema_entrenamiento', ctx.text)[0] ?? 'general';
  const text = `${ctx.reply('training_generic', { consejo: ctx.reply(`consejo_${topic}`) })}\n${ctx.reply('training_disclaimer')}`;
  return { segments: [{ intent: 'consulta_entrenamiento', text, ok: true }] };
};

/** otro: shipping, payment and hours from the shop's knowledge, else a friendly nudge (thanks and goodbyes are the runtime's small talk). */
const otro: Step = async (ctx) => {
  const topic = mentioned('tema_tienda', ctx.text)[0];
  if (topic) return { segments: [{ intent: 'otro', text: ctx.reply(topic), ok: true }] };
  const kb = await answerFromKnowledge(ctx, 'otro');
  return { segments: [{ intent: 'otro', text: kb.found ? kb.text : ctx.reply('otro'), ok: true }] };
};

/** For the model (tagged replies): the catalogue lines the message names, plus payment, shipping and hours. */
async function modelContext({ text, config }: { text: string; config: { replies: Record<string, string> } }): Promise<string> {
  const named = findProducts(defaultCatalog, text).map((m) => m.product);
  const lines = (named.length ? named : defaultCatalog).map((p) => `- ${p.name}: $${formatAmount(p.price)} (${p.stock > 0 ? `stock ${p.stock}` : 'sin stock'})`);
  return [
    'CATÁLOGO (precios en pesos argentinos; lo que no está acá no lo tenemos o no sabemos el precio: usá precio_stock):',
    ...lines,
    `PAGOS: ${config.replies.payment}`,
    `ENVÍOS: ${config.replies.shipping}`,
    `LOCAL Y HORARIOS: ${config.replies.hours}`,
  ].join('\n');
}

/** Intents a health question may hide behind; complaints, delivery problems and handoff requests keep theirs. */
const HEALTH_OVERRIDES = new Set(['consulta_producto', 'posible_comprador', 'consulta_entrenamiento', 'precio_stock', 'otro']);

export default defineBot({
  modelContext,
  specialists: {
    consulta_producto: productAnswer('consulta_producto'),
    posible_comprador: productAnswer('posible_comprador'),
    saludo,
    consulta_entrenamiento: consultaEntrenamiento,
    otro,
  },
  /**
   * What only the shop knows: a product it doesn't have data for is precio_stock (and one it has is
   * not); asking the price of a product it sells is posible_comprador; health talk (bot.yaml's `salud` entity) is farmacologia (a named
   * drug already is: bot.yaml's `drug` gazetteer).
   */
  refineIntents: ({ text, intents, understanding, bot, memory }) => {
    if (bot.intents?.farmacologia && intents.length === 1 && HEALTH_OVERRIDES.has(intents[0]) && says('salud', text)) return ['farmacologia'];
    let refined = intents;
    if (understanding.source === 'local' && intents.length === 1) {
      // Local understanding fell back to otro, but its best guess was about products and the message
      // names one (or something we lack): the catalogue settles it below.
      const best = understanding.scores?.[0]?.id;
      const aboutProducts = () => findProducts(defaultCatalog, text).length > 0 || unknownProductQuery(text) !== undefined;
      if (intents[0] === 'otro' && understanding.unsure && best && PRODUCT_TALK.has(best) && aboutProducts()) refined = [best];
    }
    if (refined.some((i) => PRODUCT_INTENTS.has(i)) && unknownProductQuery(text)) return ['precio_stock'];
    // "¿y la de ENA?" right after a product answer: the same question about that brand's product.
    const previous = memory as Memory | undefined;
    if (refined.length === 1 && refined[0] === 'otro' && brandFollowUp(text, remembered(previous)).length) return [previous?.intent ?? 'consulta_producto'];
    // The catalogue decides what the classifier can only guess: a product we sell, with the data
    // asked for, is not precio_stock, and its price is a buying question. Model verdicts are kept.
    if (understanding.source === 'local' && refined.length === 1 && findProducts(defaultCatalog, text).length > 0) {
      const price = says('pregunta_precio', text) !== undefined;
      if (refined[0] === 'precio_stock' && !unknownProductQuery(text)) return [price ? 'posible_comprador' : 'consulta_producto'];
      if (refined[0] === 'consulta_producto' && price) return ['posible_comprador'];
    }
    // A bare greeting stays a greeting even if the classifier hesitated.
    if (refined.length === 1 && refined[0] === 'otro' && isGreeting(text, bot.language, bot.greetings)) return ['saludo'];
    return refined;
  },
});
