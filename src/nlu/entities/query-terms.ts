// The words a `terms` field of bot.yaml `queries:` collects, from a list of names the bot has (its products' names:
// "Áo sơ mi Oxford Trắng" gives "oxford"): each name's words, folded, at least three letters, not a number, not one
// of the field's `stopwords`, and no word of a synonym of the gazetteers in its `except` (a product type's or a
// colour's words are read by their own fields: "sơ mi", "trắng").
import { fold, foldToWords } from '../../text/index.ts';
import type { Gazetteer } from '../types.ts';
import type { QueryField } from './query-reader.ts';

const wordsOf = (text: string) => foldToWords(text).split(' ').filter(Boolean);

/** The words of the gazetteers' synonyms. */
function gazetteerWords(gazetteers: Gazetteer[], types: string[]): Set<string> {
  const chosen = gazetteers.filter((g) => types.includes(g.type));
  return new Set(chosen.flatMap((g) => Object.values(g.values).flatMap((synonyms) => synonyms.flatMap(wordsOf))));
}

/** The terms of `names` for the field's `stopwords` and `except`. */
export function termsFromNames(spec: Pick<QueryField, 'stopwords' | 'except'>, gazetteers: Gazetteer[], names: Iterable<string>): string[] {
  const never = new Set([...(spec.stopwords ?? []).map(fold), ...gazetteerWords(gazetteers, spec.except ?? [])]);
  const words = new Set([...names].flatMap(wordsOf));
  return [...words].filter((w) => w.length >= 3 && !/^\d+$/.test(w) && !never.has(w));
}

/** termsFromNames for the `terms` fields of the bot's query `name` (bot.yaml `queries:`); [] when it has none. */
export function botQueryTerms(config: { gazetteers: Gazetteer[]; queries: Record<string, Record<string, QueryField>> }, name: string, names: Iterable<string>): string[] {
  const fields = Object.values(config.queries[name] ?? {}).filter((f) => f.kind === 'terms');
  const list = [...names];
  return [...new Set(fields.flatMap((f) => termsFromNames(f, config.gazetteers, list)))];
}
