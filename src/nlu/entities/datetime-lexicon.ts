// The words of each language the date/time grammar is built from (relative days, weekdays, months,
// time cues and periods of the day), and the small helpers that turn them into patterns and hours.
import type { Language } from '../types.ts';

export type Period = 'morning' | 'noon' | 'afternoon' | 'evening' | 'night' | 'dawn';

export interface Lexicon {
  relative: [string, number][]; // phrase → day offset (longest first)
  weekdays: [string, number][]; // phrase → weekday
  nextBefore: string; // words before a weekday meaning "the coming one, not today"
  nextAfter: string; // words after a weekday meaning the same
  dayOfMonth: string; // cue before a bare day number ("dia", "el", "ngay", "the")
  months: [string, number][];
  timeCue: string; // "às", "a las", "luc", "at"
  weakCue: string; // time cues that are also articles ("as", "las", "la"): an hour in words after one needs a period or an hour word, or nothing after it
  hourWord: string; // "horas", "hs", "gio", "o'clock"
  periods: [string, Period][]; // after or before a time
  half: string; // "e meia", "y media", "ruoi", "half"
  quarter: string; // "e quinze", "y cuarto"
  noon: string;
  midnight: string;
}

const PT_MONTHS: [string, number][] = [
  ['janeiro', 1], ['fevereiro', 2], ['marco', 3], ['abril', 4], ['maio', 5], ['junho', 6], ['julho', 7], ['agosto', 8], ['setembro', 9], ['outubro', 10], ['novembro', 11], ['dezembro', 12],
  ['jan', 1], ['fev', 2], ['mar', 3], ['abr', 4], ['jun', 6], ['jul', 7], ['ago', 8], ['set', 9], ['out', 10], ['nov', 11], ['dez', 12],
];
const ES_MONTHS: [string, number][] = [
  ['enero', 1], ['febrero', 2], ['marzo', 3], ['abril', 4], ['mayo', 5], ['junio', 6], ['julio', 7], ['agosto', 8], ['septiembre', 9], ['setiembre', 9], ['octubre', 10], ['noviembre', 11], ['diciembre', 12],
  ['ene', 1], ['feb', 2], ['mar', 3], ['abr', 4], ['jun', 6], ['jul', 7], ['ago', 8], ['sep', 9], ['sept', 9], ['oct', 10], ['nov', 11], ['dic', 12],
];
const EN_MONTHS: [string, number][] = [
  ['january', 1], ['february', 2], ['march', 3], ['april', 4], ['may', 5], ['june', 6], ['july', 7], ['august', 8], ['september', 9], ['october', 10], ['november', 11], ['december', 12],
  ['jan', 1], ['feb', 2], ['mar', 3], ['apr', 4], ['jun', 6], ['jul', 7], ['aug', 8], ['sep', 9], ['sept', 9], ['oct', 10], ['nov', 11], ['dec', 12],
];

export const LEXICONS: Record<Language, Lexicon> = {
  pt: {
    relative: [['depois de amanha', 2], ['depois d amanha', 2], ['hoje a noite', 0], ['hoje', 0], ['amanha', 1], ['amnh', 1], ['hj', 0]],
    weekdays: [
      ['segunda feira', 1], ['segunda-feira', 1], ['terca feira', 2], ['terca-feira', 2], ['quarta feira', 3], ['quarta-feira', 3],
      ['quinta feira', 4], ['quinta-feira', 4], ['sexta feira', 5], ['sexta-feira', 5], ['segunda', 1], ['terca', 2], ['quarta', 3],
      ['quinta', 4], ['sexta', 5], ['sabado', 6], ['domingo', 0], ['sabadao', 6], ['sextou', 5],
    ],
    nextBefore: 'proxima|proximo|na proxima|no proximo|nessa|nesta|esta|essa|neste|nesse|este|esse|(?:na\\s+)?(?:semana\\s+(?:que|q)\\s+vem|proxima\\s+semana)(?:,?\\s+(?:na|no))?',
    nextAfter: 'que vem|q vem|da semana que vem|da semana q vem|da proxima semana',
    dayOfMonth: 'dia',
    months: PT_MONTHS,
    timeCue: 'as|a partir das|pelas|umas|la pelas|ate as|por volta das',
    weakCue: 'as|umas',
    hourWord: 'horas|hora|hrs|hr|h',
    periods: [['da manha', 'morning'], ['de manha', 'morning'], ['pela manha', 'morning'], ['depois do almoco', 'afternoon'], ['apos o almoco', 'afternoon'], ['da tarde', 'afternoon'], ['de tarde', 'afternoon'], ['a tarde', 'afternoon'], ['da noite', 'night'], ['de noite', 'night'], ['a noite', 'night'], ['da madrugada', 'dawn']],
    half: 'e meia',
    quarter: 'e quinze',
    noon: 'meio dia|meio-dia|meiodia',
    midnight: 'meia noite|meia-noite',
  },
  es: {
    relative: [['pasado manana', 2], ['pasado mañana', 2], ['esta noche', 0], ['hoy', 0], ['manana', 1]],
    weekdays: [['lunes', 1], ['martes', 2], ['miercoles', 3], ['jueves', 4], ['viernes', 5], ['sabado', 6], ['domingo', 0]],
    nextBefore: 'el proximo|la proxima|proximo|este|el|para el|(?:la\\s+)?(?:semana\\s+que\\s+viene|proxima\\s+semana)(?:,?\\s+el)?',
    nextAfter: 'que viene|proximo|de la semana que viene|de la proxima semana',
    dayOfMonth: 'el dia|el|dia',
    months: ES_MONTHS,
    timeCue: 'a las|a la|las|tipo|a eso de las|desde las|hasta las|para las',
    weakCue: 'las|tipo',
    hourWord: 'horas|hora|hs|hrs|h',
    periods: [['de la manana', 'morning'], ['por la manana', 'morning'], ['a la manana', 'morning'], ['despues de almorzar', 'afternoon'], ['despues del almuerzo', 'afternoon'], ['de la tarde', 'afternoon'], ['por la tarde', 'afternoon'], ['a la tarde', 'afternoon'], ['de la noche', 'night'], ['por la noche', 'night'], ['a la noche', 'night'], ['de la madrugada', 'dawn']],
    half: 'y media',
    quarter: 'y cuarto',
    noon: 'mediodia|medio dia',
    midnight: 'medianoche|media noche',
  },
  vi: {
    relative: [['ngay kia', 2], ['ngay mot', 2], ['hom nay', 0], ['bua nay', 0], ['toi nay', 0], ['sang nay', 0], ['chieu nay', 0], ['ngay mai', 1], ['mai', 1], ['mot', 2]],
    weekdays: [
      ['thu hai', 1], ['thu ba', 2], ['thu tu', 3], ['thu nam', 4], ['thu sau', 5], ['thu bay', 6], ['chu nhat', 0],
      ['thu 2', 1], ['thu 3', 2], ['thu 4', 3], ['thu 5', 4], ['thu 6', 5], ['thu 7', 6], ['t2', 1], ['t3', 2], ['t4', 3], ['t5', 4], ['t6', 5], ['t7', 6], ['cn', 0],
    ],
    nextBefore: '',
    nextAfter: 'tuan sau|tuan toi',
    dayOfMonth: 'ngay|hom',
    months: [],
    timeCue: 'luc|vao luc|vao|khoang|tam',
    weakCue: '',
    hourWord: 'gio|h|g', // "3g chiều": g only with a cue, minutes or a period (a bare "4g" is the mobile network)
    periods: [['sang', 'morning'], ['trua', 'noon'], ['chieu', 'afternoon'], ['toi', 'evening'], ['dem', 'night']],
    half: 'ruoi',
    quarter: '',
    noon: '',
    midnight: 'nua dem',
  },
  en: {
    relative: [
      ['day after tomorrow', 2], ['the day after tomorrow', 2], ['tonight', 0], ['tonite', 0], ['today', 0], ['tomorrow', 1], ['tmrw', 1], ['tmr', 1],
      // Chat spellings and the usual typos of "tomorrow".
      ['2morrow', 1], ['2morow', 1], ['2moro', 1], ['2mrw', 1], ['tmrow', 1], ['tomorow', 1], ['tommorow', 1], ['tommorrow', 1], ['tomorrw', 1],
    ],
    weekdays: [
      ['monday', 1], ['tuesday', 2], ['wednesday', 3], ['thursday', 4], ['friday', 5], ['saturday', 6], ['sunday', 0],
      ['mon', 1], ['tues', 2], ['tue', 2], ['weds', 3], ['wed', 3], ['thurs', 4], ['thur', 4], ['thu', 4], ['fri', 5],
    ],
    nextBefore: 'next|this|on|this coming|coming',
    nextAfter: 'next week|of next week',
    dayOfMonth: 'on the|the',
    months: EN_MONTHS,
    timeCue: 'at|around|by|from',
    weakCue: 'by|from|around',
    hourWord: "o'clock|oclock|o clock",
    periods: [['in the morning', 'morning'], ['after lunch', 'afternoon'], ['in the afternoon', 'afternoon'], ['in the evening', 'evening'], ['at night', 'night'], ['tonight', 'evening']],
    half: '',
    quarter: '',
    noon: 'noon|midday',
    midnight: 'midnight',
  },
};

export function alt(items: string[]): string {
  return [...items]
    .sort((a, b) => b.length - a.length)
    .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'))
    .join('|');
}

export function applyPeriod(hour: number, period: Period | undefined): number {
  if (!period) return hour;
  switch (period) {
    case 'morning':
    case 'dawn':
      return hour === 12 ? 0 : hour;
    case 'noon':
      return hour < 6 ? hour + 12 : hour; // "1 giờ trưa" = 13:00
    case 'afternoon':
    case 'evening':
      return hour < 12 ? hour + 12 : hour;
    case 'night':
      // "12 da noite" is midnight; "7 da noite" is 19:00; small hours stay small.
      if (hour === 12) return 0;
      return hour >= 5 && hour < 12 ? hour + 12 : hour;
  }
}
