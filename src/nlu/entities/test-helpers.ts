// Helpers for entity tests: a fixed clock and a compact view of what was found.
import type { Entity, Gazetteer, Language } from '../types.ts';
import { extractEntities } from './index.ts';

/** Wednesday 2025-01-15 13:00 UTC. */
export const NOW = new Date('2025-01-15T13:00:00Z');

export function finder(lang: Language, timeZone: string, gazetteers: Gazetteer[] = []) {
  return (text: string): Record<string, unknown> => {
    const found: Record<string, unknown> = {};
    for (const e of extractEntities(text, { lang, now: NOW, timeZone, gazetteers }) as Entity[]) {
      if (!(e.type in found)) found[e.type] = e.value;
    }
    return found;
  };
}
