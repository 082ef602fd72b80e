// Short answers a form collects, as training rows of the bot's own business ('none'): the values its gazetteers
// know (a course, a city, a shift), as written and lower-cased, and values any form asks for (a first name, a
// number, an age, an amount, a year). Generated from the bot's own data and these lists only, never from a test or
// held-out set: the skills' lines and the bots' examples rarely are a bare value, and without them the model read
// a name or a course said alone as small talk.
import type { Language } from '../../src/nlu/index.ts';

const NAMES: Record<Language, string[]> = {
  pt: ['Ana', 'Carlos', 'Júlia', 'Pedro Henrique', 'Larissa Souza', 'Mateus', 'Fernanda', 'João Vitor', 'Camila', 'Rafael Lima'],
  es: ['Lucía', 'Martín', 'Sofía Pérez', 'Diego', 'Valentina', 'Joaquín Ruiz', 'Camila', 'Mateo', 'Florencia', 'Tomás'],
  vi: ['Lan', 'Minh Anh', 'Tuấn', 'Hương', 'Nguyễn Văn Nam', 'Thảo', 'Quang Huy', 'Linh', 'Trang', 'Đức'],
  en: ['Emma', 'Liam', 'Olivia Brown', 'Noah', 'Sophia', 'James Miller', 'Ava', 'Lucas', 'Mia', 'Ethan'],
};

const NUMBERS: Record<Language, string[]> = {
  pt: ['17', '2', '4', '2019', '650', '720,5', 'R$ 1.800', '3 pessoas', '19 anos', 'uns 2 mil', '1500', '05/03'],
  es: ['17', '2', '4', '2021', '45000', '3 kilos', '$ 20.000', '2 unidades', '30 años', 'unos 5 mil', '1500', '12/08'],
  vi: ['17', '2', '4', '39', '42', '500k', '1tr', '2 cái', '25 tuổi', 'size 40', '1.200.000', '0901234567'],
  en: ['17', '2', '4', '2020', '650', '$1,800', '3 people', '19 years old', 'about 2k', '1500', '05/03', '10:30'],
};

/** At most this many of a bot's gazetteer values (evenly), so one long list does not weigh more than the rest. */
const MAX_VALUES = 120;

/** The bot's gazetteer values of at most three words, as written and lower-cased, evenly thinned. */
function valueAnswers(values: string[]): string[] {
  const short = [...new Set(values.filter((v) => v.trim() && v.trim().split(/\s+/).length <= 3))];
  const step = Math.max(1, short.length / MAX_VALUES);
  const picked = Array.from({ length: Math.min(MAX_VALUES, short.length) }, (_, i) => short[Math.floor(i * step)]);
  return [...new Set(picked.flatMap((v) => [v, v.toLowerCase()]))];
}

/** The answers a form of the bot may collect, for training rows of the bot's business. */
export function formAnswers(language: Language, gazetteerValues: string[]): string[] {
  return [...new Set([...valueAnswers(gazetteerValues), ...NAMES[language], ...NUMBERS[language]])];
}

/** A bot's example with a value in it: a name after a comma, or a number before its last word (taken in turn). */
export function withValue(example: string, language: Language, i: number): string {
  const text = example.trim().replace(/[?!.]+$/, '');
  const mark = example.trim().slice(text.length);
  if (i % 2 === 0) return `${text}, ${NAMES[language][i % NAMES[language].length]}${mark}`;
  const words = text.split(/\s+/);
  const number = NUMBERS[language][i % NUMBERS[language].length];
  return words.length < 2 ? `${text} ${number}${mark}` : `${words.slice(0, -1).join(' ')} ${number} ${words[words.length - 1]}${mark}`;
}

/** Frames in which a customer asks for one of the bot's own things ("quero {thing}"): not a request for a person. */
const WANT_FRAMES: Record<Language, string[]> = {
  pt: ['quero {thing}', 'queria saber de {thing}', 'me fala de {thing}', 'tem {thing}?', 'e {thing}?'],
  es: ['quiero {thing}', 'quería saber de {thing}', 'contame de {thing}', 'tienen {thing}?', 'y {thing}?'],
  vi: ['mình muốn {thing}', 'cho mình hỏi {thing}', 'shop có {thing} không', 'tư vấn {thing} giúp mình', '{thing} nha'],
  en: ['i want {thing}', 'tell me about {thing}', 'do you have {thing}?', 'what about {thing}?', '{thing} please'],
};

/** The bot's own words, each in one of the frames a customer asks for a thing with (taken in turn). */
export function wantsOfBot(language: Language, phrases: string[]): string[] {
  return phrases.map((phrase, i) => WANT_FRAMES[language][i % WANT_FRAMES[language].length].replace('{thing}', phrase));
}

/**
 * Frames in which a customer asks for one of the bot's things and mentions something else in passing (a time of
 * day, where they live, how they come, their own job or shop): the bot's business all the same.
 */
const PASSING_FRAMES: Record<Language, string[]> = {
  pt: ['depois do trabalho, tem {thing}?', 'no sábado de manhã dá pra ver {thing}?', 'moro perto do centro, vocês têm {thing}?', 'tenho um salão e queria saber de {thing}', 'trabalho de noite, {thing} é que horas?', 'vou de carro, {thing} tem estacionamento?'],
  es: ['después del trabajo, tienen {thing}?', 'el sábado a la mañana puedo ver {thing}?', 'vivo cerca del centro, tienen {thing}?', 'tengo un kiosco y quería saber de {thing}', 'trabajo de noche, a qué hora es {thing}?', 'voy en auto, para {thing} hay estacionamiento?'],
  vi: ['tan làm xong mình hỏi {thing} được không', 'sáng thứ bảy có {thing} không', 'nhà mình gần chợ, shop có {thing} không', 'mình mở quán cà phê, muốn hỏi {thing}', 'mình làm ca đêm, {thing} mấy giờ', 'mình đi xe máy tới, {thing} có chỗ gửi xe không'],
  en: ['after work, do you have {thing}?', 'on saturday morning can i get {thing}?', 'i live near downtown, do you have {thing}?', 'i run a bakery and wanted to ask about {thing}', 'i work nights, what time is {thing}?', 'i drive there, is there parking for {thing}?'],
};

/** The bot's own words, each in a frame that mentions another topic in passing (taken in turn). */
export function passingMentions(language: Language, phrases: string[]): string[] {
  return phrases.map((phrase, i) => PASSING_FRAMES[language][i % PASSING_FRAMES[language].length].replace('{thing}', phrase));
}

/** Orders of another kind of shop's goods, with a number: out of scope for a bot none of whose words they say. */
const OTHER_ORDERS: Record<Language, string[]> = {
  pt: ['quero 2 pizzas de calabresa', 'me vê 3 pastéis de queijo', 'manda 1 botijão de gás', '2 litros de açaí pra entrega', 'quero 5 pães franceses', 'uma marmita de frango e 2 refrigerantes', '4 caixas de cerveja gelada', 'meu lanche do delivery atrasou 40 minutos'],
  es: ['quiero 2 empanadas de carne', 'mandame 3 docenas de medialunas', 'una garrafa de gas para el depto', 'dos kilos de helado para llevar', '6 cervezas bien frías', 'un remís para 4 personas', '3 pizzas grandes de muzzarella', 'el delivery de la hamburguesería tarda 50 minutos'],
  vi: ['cho 2 tô phở bò', 'đặt 3 ly trà sữa trân châu', 'giao 1 bình gas 12kg', 'mua 2 kg xoài cát', '5 ổ bánh mì thịt', 'đặt 1 pizza size lớn', '2 hộp cơm gà mang về', 'shipper giao bún chả trễ 30 phút rồi'],
  en: ['two large pepperoni pizzas please', 'order 3 cheeseburgers for delivery', '1 tank of propane delivered', '2 pounds of shrimp', 'a dozen donuts to go', '4 gallons of milk', '3 lattes and a muffin', 'my food delivery is 40 minutes late'],
};

export function otherOrders(language: Language): string[] {
  return OTHER_ORDERS[language];
}
