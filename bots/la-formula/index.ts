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
    // A question about a property ("¿viene con lactosa?", "¿es vegana?") is answered from the descriptions.
    const asked = propertyWords(ctx.text).filter((w) => products.some((p) => foldText(p.description).includes(w)));
    if (asked.length) {
      const matching = products.filter((p) => asked.some((w) => foldText(p.description).includes(w)));
      const lines = matching.slice(0, 4).map((p) => `• ${p.name} ($${formatAmount(p.price)}): ${p.description}`);
      return { segments: [{ intent, text: [ctx.reply('product_answer_intro'), ...lines].join('\n'), ok: true, data: { products: matching.map((p) => p.id) } }] };
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
    if (intent === 'posible_comprador' && inStock.length) text += `\n${ctx.reply('product_buy_cta')}`;
    return { segments: [{ intent, text, ok: true, data: { products: products.map((p) => p.id) } }] };
  };

const PROPERTY_WORDS = ['lactosa', 'gluten', 'tacc', 'vegan', 'vegana', 'vegetal', 'cafeina', 'estimulante', 'sabor', 'sabores', 'azucar', 'calorias', 'servicios', 'capsulas', 'enzimas', 'caseina'];

/** Words of the question that name a product property the descriptions may mention. */
function propertyWords(text: string): string[] {
  const words = new Set(foldText(text).split(/[^a-z0-9]+/));
  return PROPERTY_WORDS.filter((w) => words.has(w)).map((w) => (w === 'vegana' ? 'vegan' : w === 'sabores' ? 'sabor' : w));
}

function alternativeTo(p: Product): Product | undefined {
  return defaultCatalog.find((o) => o.id !== p.id && o.category === p.category && o.stock > 0);
}

const saludo: Step = (ctx) => {
  const returning = ctx.history.length > 0;
  return { segments: [{ intent: 'saludo', text: ctx.reply(returning ? 'saludo_returning' : 'saludo'), ok: true }] };
};

/** General training advice by topic, in Nico's voice, always with the disclaimer. */
const TRAINING_TIPS: [RegExp, string][] = [
  [/\b(masa|volumen|engordar|subir de peso|crecer|hipertrofia)\b/, 'comé con un pequeño superávit de calorías, 1,6–2 g de proteína por kilo, entrená cada músculo 2 veces por semana subiendo cargas de a poco, y dormí 7–8 horas.'],
  [/\b(definir|bajar|grasa|adelgazar|marcar|quemar)\b/, 'un déficit moderado de calorías, mucha proteína para cuidar el músculo, seguí entrenando con peso y sumá pasos o cardio suave.'],
  [/\b(pierna|piernas|gluteo|gluteos|sentadilla)\b/, 'dos veces por semana alcanza: sentadilla o prensa, un peso muerto rumano y zancadas, de 3 a 4 series de 8–12, dejando 48 h entre sesiones.'],
  [/\b(pecho|espalda|brazos|hombros|biceps|triceps|abdominales|abdomen)\b/, 'dos sesiones por semana para ese grupo, 10–15 series semanales en total, ejercicios compuestos primero y técnica antes que peso.'],
  [/\b(principiante|empezar|arranco|arrancar|rutina)\b/, 'arrancá con una rutina de cuerpo completo 3 veces por semana, ejercicios básicos, y subí el peso de a poco cuando la técnica sale limpia.'],
];

const consultaEntrenamiento: Step = (ctx) => {
  const t = foldText(ctx.text);
  const advice = TRAINING_TIPS.find(([re]) => re.test(t))?.[1] ?? 'comé bien (proteína en cada comida), entrená con progresión de cargas y dormí 7–8 horas.';
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
