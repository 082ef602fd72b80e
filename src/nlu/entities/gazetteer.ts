// Gazetteer matches: accent- and case-insensitive, whole words, longest surface form first;
// the entity value is the canonical key.
import type { Gazetteer } from '../types.ts';
import { foldDiacritics } from '../normalize.ts';
import type { Span } from './contacts.ts';

interface Entry {
  type: string;
  canonical: string;
  form: string; // folded lowercase surface form
}

const compiled = new WeakMap<Gazetteer[], Entry[]>();

function entries(gazetteers: Gazetteer[]): Entry[] {
  let list = compiled.get(gazetteers);
  if (!list) {
    const seen = new Set<string>();
    list = [];
    for (const g of gazetteers) {
      for (const [canonical, synonyms] of Object.entries(g.values)) {
        for (const s of [canonical, ...synonyms]) {
          const form = foldDiacritics(s.toLowerCase()).replace(/\s+/g, ' ').trim();
          const key = `${g.type}\u0000${form}`;
          if (!form || seen.has(key)) continue;
          seen.add(key);
          list.push({ type: g.type, canonical, form });
        }
      }
    }
    list.sort((a, b) => b.form.length - a.form.length);
    compiled.set(gazetteers, list);
  }
  return list;
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** `folded` is lowercase, diacritics folded, same offsets as `text`. */
export function extractGazetteers(text: string, folded: string, gazetteers: Gazetteer[]): Span[] {
  if (gazetteers.length === 0) return [];
  const out: Span[] = [];
  // Collapse runs of spaces for matching multi-word forms while keeping offsets: match on a
  // version where every whitespace char is a plain space.
  const hay = folded.replace(/\s/g, ' ');
  for (const e of entries(gazetteers)) {
    let from = 0;
    for (;;) {
      const at = hay.indexOf(e.form, from);
      if (at < 0) break;
      from = at + 1;
      const end = at + e.form.length;
      if (isWordChar(hay[at - 1]) || isWordChar(hay[end])) continue;
      if (out.some((o) => at < o.end && o.start < end)) continue;
      out.push({ type: e.type, value: e.canonical, text: text.slice(at, end), start: at, end });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
