// Small readers the webhook parsers share: provider payloads are untrusted JSON, read field by field.
import type { Parsed } from './types.ts';

export type Json = Record<string, any>;

/** A payload's list, or none when the field is missing or not a list. */
export const listOf = (v: unknown): Json[] => (Array.isArray(v) ? v : []);

/** A string with something in it, trimmed; null for anything else. */
export const nonBlank = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** An event the parser saw and leaves alone, with why. */
export const ignored = (reason: string): Parsed => ({ kind: 'ignored', reason });
