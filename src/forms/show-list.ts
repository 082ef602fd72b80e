// A list as a reply says it: "19h, 20h ou 21h" (pt), "lunes, martes y jueves" (es), in the bot's language.
import type { Language } from '../nlu/index.ts';

const LOCALES: Record<Language, string> = { pt: 'pt-BR', es: 'es-AR', vi: 'vi-VN', en: 'en-US' };
const formats = new Map<string, Intl.ListFormat>();

/** Items joined with commas and the language's "or" (`or`) or "and" (`and`) before the last. */
export function showList(items: readonly string[], lang: Language, type: 'or' | 'and' = 'and'): string {
  const key = `${lang}:${type}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.ListFormat(LOCALES[lang], { type: type === 'or' ? 'disjunction' : 'conjunction' })));
  return f.format(items);
}
