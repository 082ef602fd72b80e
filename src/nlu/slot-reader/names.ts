// A person's name after its cue words ("me chamo …", "sou a …"), read out of a message being read for several
// slots: the runtime's name reader, its span masked.
import type { Language } from '../types.ts';
import { extractNames } from '../entities/names.ts';
import { foldPreservingOffsets } from '../normalize.ts';
import type { SlotText } from './slot-text.ts';

export interface NameRead {
  /** As typed, each word capitalised ("ana souza" → "Ana Souza"; particles stay lowercase). */
  value: string;
  start: number;
  end: number;
}

const NAME_JOINERS = new Set(['da', 'de', 'do', 'dos', 'das', 'del', 'la', 'van', 'von', 'e', 'y']);

/** "joão pedro da silva" → "João Pedro da Silva". */
export function properName(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((w, i) => (i > 0 && NAME_JOINERS.has(w.toLowerCase()) ? w.toLowerCase() : w[0].toUpperCase() + w.slice(1)))
    .join(' ');
}

export function readPersonName(text: SlotText, lang: Language): NameRead | undefined {
  // A masked span is blank in the folded copy: a name overlapping one was read as something else already.
  const free = (start: number, end: number) => text.folded.slice(start, end) === foldPreservingOffsets(text.original.slice(start, end));
  const found = extractNames(text.original, text.folded, lang).find((s) => s.type === 'person' && free(s.start, s.end));
  if (!found) return undefined;
  text.mask(found.start, found.end);
  return { value: properName(found.text), start: found.start, end: found.end };
}
