// The bot's vocabulary from bot.yaml, through the runtime's vocabulary: the gazetteers (states, courses with their
// abbreviations, professions). Keys here are folded (lowercase, no accents; the runtime's `fold`).
import { botVocabulary, expandAliases, fold, gazetteerAliases } from 'switchboard';

const vocabulary = botVocabulary(import.meta.url);

function gazetteer(type: string): Record<string, string[]> {
  const { values } = vocabulary.gazetteer(type);
  if (!Object.keys(values).length) throw new Error(`cloudinha bot.yaml: no gazetteer '${type}'`);
  return values;
}

/** Folded canonical value and synonyms → `to(canonical)`. */
function lookup(type: string, to: (canonical: string) => string = (c) => c): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [canonical, synonyms] of Object.entries(gazetteer(type))) for (const s of [canonical, ...synonyms]) out[fold(s)] = to(canonical);
  return out;
}

/** The state's name as written ("São Paulo" for SP), or the UF. */
export const stateName = (uf: string): string => gazetteer('state')[uf]?.[0] ?? uf;

/** Abbreviations and other names students use, folded → the folded course ("eng" → "engenharia", "cc" → "ciencia da computacao"). */
export const COURSE_ALIASES = gazetteerAliases({ values: gazetteer('course') });
/** A profession, folded → the folded course that leads to it ("dentista" → "odontologia"). */
export const PROFESSIONS: Record<string, string> = lookup('profession', fold);

/** Expand course abbreviations in FOLDED text, in one pass (a replacement is never expanded again). */
export function expandCourseAliases(folded: string): string {
  return expandAliases(folded, COURSE_ALIASES);
}
