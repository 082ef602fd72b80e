// The bot's vocabulary, read once from bot.yaml: the gazetteers (states, shifts, institution types, courses with
// their abbreviations, professions) and `settings`. Keys here are folded (lowercase, no accents; the runtime's `fold`).
import { dirname } from 'node:path';
import { expandAliases, fold, gazetteerAliases, readBotConfig, sourcePath } from 'switchboard';

const config = readBotConfig(dirname(sourcePath(import.meta.url)));

function gazetteer(type: string): Record<string, string[]> {
  const found = config.gazetteers.find((g) => g.type === type);
  if (!found) throw new Error(`cloudinha bot.yaml: no gazetteer '${type}'`);
  return found.values;
}

/** Folded canonical value and synonyms → `to(canonical)`. */
function lookup(type: string, to: (canonical: string) => string = (c) => c): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [canonical, synonyms] of Object.entries(gazetteer(type))) for (const s of [canonical, ...synonyms]) out[fold(s)] = to(canonical);
  return out;
}

/** bot.yaml `settings`. */
export const settings = config.settings;

/** The state's name as written ("São Paulo" for SP), or the UF. */
export const stateName = (uf: string): string => gazetteer('state')[uf]?.[0] ?? uf;

export type InstitutionType = 'publica' | 'privada';

/** Abbreviations and other names students use, folded → the folded course ("eng" → "engenharia", "cc" → "ciencia da computacao"). */
export const COURSE_ALIASES = gazetteerAliases({ values: gazetteer('course') });
/** A profession, folded → the folded course that leads to it ("dentista" → "odontologia"). */
export const PROFESSIONS: Record<string, string> = lookup('profession', fold);

/** Expand course abbreviations in FOLDED text, in one pass (a replacement is never expanded again). */
export function expandCourseAliases(folded: string): string {
  return expandAliases(folded, COURSE_ALIASES);
}
