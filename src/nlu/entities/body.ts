// A person's height and weight as shop customers write them when asking which size fits: "1m65", "m65" (teen
// shorthand for 1m65), "1,65m", "165cm", "cao 165" → 165 (cm); "55kg", "55 ký", "nặng 55" → 55 (kg).
import type { Language } from '../types.ts';
import { foldPreservingOffsets } from '../../text/index.ts';

export interface BodyReading {
  /** Height in centimetres or weight in kilograms. */
  value: number;
  start: number;
  end: number;
}

/** Folded words that announce a height or a weight, after which a bare number is one. */
const CUES: Record<Language, { height: string; weight: string; kilo: string }> = {
  // not a bare "can": folded, "cần 50 cái" (need) would read as a weight
  vi: { height: 'cao|chieu cao', weight: 'nang|can nang', kilo: 'kg|kgs|ky|ki|kilo|kilogram|can' },
  pt: { height: 'altura|tenho|meco|mede|alto|alta', weight: 'peso|peso de', kilo: 'kg|kgs|kilos?|quilos?' },
  es: { height: 'altura|mido|mide|alto|alta', weight: 'peso|pesa', kilo: 'kg|kgs|kilos?' },
  en: { height: 'height|tall|am', weight: 'weight|weigh|weighs', kilo: 'kg|kgs|kilos?' },
};

const HEIGHT_CM = { min: 90, max: 220 };
const WEIGHT_KG = { min: 20, max: 200 };

const number = (s: string) => Number(s.replace(',', '.'));
const within = (n: number, r: { min: number; max: number }) => n >= r.min && n <= r.max;

/** The first height the message states, in cm. */
export function readHeight(text: string, lang: Language, taken: (start: number, end: number) => boolean = () => false): BodyReading | undefined {
  const folded = foldPreservingOffsets(text.normalize('NFC').toLowerCase());
  const cues = CUES[lang];
  const readings: [number, number, number][] = [];
  const B = '(?<![\\p{L}\\d.,])';
  const E = '(?![\\p{L}\\d])';
  // "1m65", "1m7", "1 m 65", and the shorthand "m65" (written together: "size m 45kg" is size M)
  for (const m of folded.matchAll(new RegExp(`${B}(?:([12])\\s?m\\s?(\\d{1,2})|m(\\d{2}))${E}`, 'gu'))) {
    const cm = m[3] ? 100 + Number(m[3]) : 100 * Number(m[1]) + (m[2].length === 1 ? Number(m[2]) * 10 : Number(m[2]));
    readings.push([cm, m.index!, m.index! + m[0].length]);
  }
  // "1,65m", "1.7 m", "1,65 mét"
  for (const m of folded.matchAll(new RegExp(`${B}([12][.,]\\d{1,2})\\s?(?:m|met|metros?|meters?)${E}`, 'gu'))) {
    readings.push([Math.round(number(m[1]) * 100), m.index!, m.index! + m[0].length]);
  }
  // "165cm", "165 cm", "165 phân"
  for (const m of folded.matchAll(new RegExp(`${B}(\\d{2,3})\\s?(?:cm|phan|centimet)${E}`, 'gu'))) {
    readings.push([Number(m[1]), m.index!, m.index! + m[0].length]);
  }
  // "cao 165", "altura 1,70"
  for (const m of folded.matchAll(new RegExp(`(?<![\\p{L}])(?:${cues.height})\\s*:?\\s*(\\d{3}|[12][.,]\\d{1,2})${E}`, 'gu'))) {
    const raw = m[1];
    const at = m.index! + m[0].length - raw.length;
    readings.push([/[.,]/.test(raw) ? Math.round(number(raw) * 100) : Number(raw), at, at + raw.length]);
  }
  return first(readings, HEIGHT_CM, taken);
}

/** The first weight the message states, in kg. */
export function readWeight(text: string, lang: Language, taken: (start: number, end: number) => boolean = () => false): BodyReading | undefined {
  const folded = foldPreservingOffsets(text.normalize('NFC').toLowerCase());
  const cues = CUES[lang];
  const readings: [number, number, number][] = [];
  const E = '(?![\\p{L}\\d])';
  // "55kg", "55 ký", "52,5 kg"
  for (const m of folded.matchAll(new RegExp(`(?<![\\p{L}\\d.,])(\\d{2,3}(?:[.,]\\d)?)\\s?(?:${cues.kilo})${E}`, 'gu'))) {
    readings.push([number(m[1]), m.index!, m.index! + m[0].length]);
  }
  // "nặng 55", "peso 70" (not "nắng 35 độ", a price or a share)
  const notUnit = '(?!\\s*(?:do|k|tr|trieu|nghin|ngan|%)(?![\\p{L}]))';
  for (const m of folded.matchAll(new RegExp(`(?<![\\p{L}])(?:${cues.weight})\\s*:?\\s*(\\d{2,3}(?:[.,]\\d)?)${E}${notUnit}`, 'gu'))) {
    const at = m.index! + m[0].length - m[1].length;
    readings.push([number(m[1]), at, at + m[1].length]);
  }
  return first(readings, WEIGHT_KG, taken);
}

function first(readings: [number, number, number][], range: { min: number; max: number }, taken: (start: number, end: number) => boolean): BodyReading | undefined {
  const found = readings.filter(([value, start, end]) => within(value, range) && !taken(start, end)).sort((a, b) => a[1] - b[1])[0];
  return found ? { value: found[0], start: found[1], end: found[2] } : undefined;
}
