// la-formula (seed 004): Nico answers from the shop's catalogue and knowledge; intents whose handoff toggle
// is on go to Mauri through the runtime's handoff circuit.
import { defineBot } from '../../src/bot/index.ts';
import { answerFromKnowledge, type Step, type TurnContext } from '../../src/engine/index.ts';
import { isGreeting } from '../../src/handoff/index.ts';
import { defaultCatalog, findProducts, foldText, formatAmount, mentionsPharmacology, stockPhrase, unknownProductQuery, type Product } from './catalog.ts';

const PRODUCT_INTENTS = new Set(['consulta_producto', 'posible_comprador']);

function productLine(ctx: TurnContext, p: Product): string {
  return ctx.reply('product_list_item', { nombre: p.name, precio: formatAmount(p.price), stock: stockPhrase(p.stock) });
}

/** consulta_producto / posible_comprador: prices and stock straight from the catalogue. */
const productAnswer =
  (intent: string): Step =>
  async (ctx) => {
    const matches = await ctx.tool('searchCatalog', { text: ctx.text }, async () => findProducts(defaultCatalog, ctx.text));
    const products = [...new Map(matches.map((m) => [m.product.id, m.product])).values()];
    if (!products.length) {
      const kb = await answerFromKnowledge(ctx, intent);
      const text = kb.found ? kb.text : ctx.reply('product_generic_help');
      return { segments: [{ intent, text, ok: true }] };
    }
    const inStock = products.filter((p) => p.stock > 0);
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
    if (intent === 'posible_comprador' && inStock.length) text += `\n${ctx.reply('product_buy_cta')}`;
    return { segments: [{ intent, text, ok: true, data: { products: products.map((p) => p.id) } }] };
  };

function alternativeTo(p: Product): Product | undefined {
  return defaultCatalog.find((o) => o.id !== p.id && o.category === p.category && o.stock > 0);
}

const saludo: Step = (ctx) => {
  const returning = ctx.history.length > 0;
  return { segments: [{ intent: 'saludo', text: ctx.reply(returning ? 'saludo_returning' : 'saludo'), ok: true }] };
};

/** General training advice in Nico's voice, always with the disclaimer. */
const consultaEntrenamiento: Step = async (ctx) => {
  const kb = await answerFromKnowledge(ctx, 'consulta_entrenamiento');
  const advice = kb.found ? kb.text : 'comé bien (proteína en cada comida), entrená con progresión de cargas y dormí 7–8 horas.';
  const text = `${ctx.reply('training_generic', { consejo: advice })}\n${ctx.reply('training_disclaimer')}`;
  return { segments: [{ intent: 'consulta_entrenamiento', text, ok: true }] };
};

/** otro: shipping, payment and hours from the shop's knowledge; thanks and goodbyes; else a friendly nudge. */
const otro: Step = async (ctx) => {
  const t = foldText(ctx.text);
  if (/\b(gracias|genial gracias|mil gracias|grax|joya)\b/.test(t)) return { segments: [{ intent: 'otro', text: ctx.reply('otro_thanks'), ok: true }] };
  if (/\b(chau|nos vemos|hasta luego|abrazo)\b/.test(t)) return { segments: [{ intent: 'otro', text: ctx.reply('otro_bye'), ok: true }] };
  if (/\b(envio|envios|mandan|llega|correo|andreani)\b/.test(t)) return { segments: [{ intent: 'otro', text: ctx.reply('shipping'), ok: true }] };
  if (/\b(pago|pagar|tarjeta|transferencia|mercado ?pago|cuotas|efectivo)\b/.test(t)) return { segments: [{ intent: 'otro', text: ctx.reply('payment'), ok: true }] };
  if (/\b(horario|horarios|abren|cierran|direccion|donde estan|local|ubicacion)\b/.test(t)) return { segments: [{ intent: 'otro', text: ctx.reply('hours'), ok: true }] };
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

export default defineBot({
  modelContext,
  specialists: {
    consulta_producto: productAnswer('consulta_producto'),
    posible_comprador: productAnswer('posible_comprador'),
    saludo,
    consulta_entrenamiento: consultaEntrenamiento,
    otro,
  },
  /** What only the shop knows: a product it doesn't have data for is precio_stock; drugs are farmacologia. */
  refineIntents: ({ text, intents, bot }) => {
    if (mentionsPharmacology(text) && bot.intents?.farmacologia) return ['farmacologia'];
    if (intents.some((i) => PRODUCT_INTENTS.has(i)) && unknownProductQuery(text)) return ['precio_stock'];
    // A bare greeting stays a greeting even if the classifier hesitated.
    if (intents.length === 1 && intents[0] === 'otro' && isGreeting(text, bot.language, bot.greetings)) return ['saludo'];
    return intents;
  },
});
