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
