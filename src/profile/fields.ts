// Checking profile values before they are stored: only declared fields, each coerced to its kind; whatever does
// not fit is reported, never stored.
import { gazetteerValue } from '../nlu/index.ts';
import type { Gazetteer } from '../nlu/types.ts';
import { fold } from '../text/index.ts';
import type { ProfileConfig, ProfileField } from './schema.ts';

export interface ProfileCheck {
  /** The values to store (null clears a field). */
  values: Record<string, unknown>;
  /** Keys refused: not a declared field, or a value that does not fit it. */
  rejected: string[];
}

const BAD = Symbol('bad');
const DEFAULT_TEXT_MAX = 200;

/** The declared, valid keys of `updates`, each coerced to its field's kind; the rest in `rejected`. */
export function checkProfileUpdates(config: ProfileConfig, gazetteers: Gazetteer[], updates: Record<string, unknown>): ProfileCheck {
  const values: Record<string, unknown> = {};
  const rejected: string[] = [];
  for (const [key, raw] of Object.entries(updates ?? {})) {
    if (raw === undefined) continue;
    const field = Object.hasOwn(config.fields, key) ? config.fields[key] : undefined;
    const value = field ? coerce(field, raw, gazetteers) : BAD;
    if (value === BAD) rejected.push(key);
    else values[key] = value;
  }
  return { values, rejected };
}

function coerce(field: ProfileField, v: unknown, gazetteers: Gazetteer[]): unknown {
  if (v === null) return null;
  switch (field.kind) {
    case 'number':
      return number(field, v);
    case 'boolean':
      return typeof v === 'boolean' ? v : BAD;
    case 'text':
      return text(field, v);
    default: {
      const gazetteer = gazetteers.find((g) => g.type === field.kind);
      return gazetteer && typeof v === 'string' ? (gazetteerValue(gazetteer, v) ?? BAD) : BAD;
    }
  }
}

function number(field: ProfileField, v: unknown): number | typeof BAD {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.trim().replace(',', '.')) : NaN;
  if (!Number.isFinite(n)) return BAD;
  if ((field.min !== undefined && n < field.min) || (field.max !== undefined && n > field.max)) return BAD;
  return field.integer && !Number.isInteger(n) ? BAD : n;
}

function text(field: ProfileField, v: unknown): string | typeof BAD {
  if (typeof v !== 'string' && typeof v !== 'number') return BAD;
  // Control characters become spaces: a profile value is shown in replies and prompts.
  const s = String(v).replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
  if (!s || s.length > (field.max ?? DEFAULT_TEXT_MAX)) return BAD;
  if (!field.options) return s;
  return field.options.find((o) => fold(o) === fold(s)) ?? BAD;
}
