// E-mail addresses and phone numbers (Brazilian, Argentine, Vietnamese and international forms).
import type { Entity } from '../types.ts';

export interface Span extends Entity {
  start: number;
  end: number;
}

// Tried only where a run of its characters starts: from inside one, the run would be scanned again and again.
const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;

export function extractEmails(text: string): Span[] {
  return [...text.matchAll(EMAIL)].map((m) => ({
    type: 'email',
    value: m[0].toLowerCase(),
    text: m[0],
    start: m.index!,
    end: m.index! + m[0].length,
  }));
}

// Digits with the usual separators: "+55 (11) 98888-7777", "11 98888-7777", "011 15-4444-5555", "0912 345 678".
const PHONE = /(?<![\p{L}\p{N}@.$,])(\+?\(?\d[\d\s().-]{6,18}\d)(?![\p{L}\p{N}])/gu;

/** Digits of a phone number, '+' kept; undefined when the digits don't look like a phone. */
function phoneDigits(raw: string): string | undefined {
  const plus = raw.trim().startsWith('+');
  const digits = raw.replace(/\D/g, '');
  if (digits.length < 8 || digits.length > 13) return undefined;
  // Dates and times ("12/03/2025", "19:00") never reach here: ':' and '/' are not separators.
  // Grouped thousands ("1.500.000") are amounts, not phones.
  if (/^\d{1,3}(?:\.\d{3})+$/.test(raw.trim())) return undefined;
  if (/^\d{1,3}(?:,\d{3})+$/.test(raw.trim())) return undefined;
  // A bare run of digits must look like a mobile or landline number.
  const separators = /[\s().-]/.test(raw.trim());
  if (!separators && !plus && digits.length < 10) return undefined;
  return (plus ? '+' : '') + digits;
}

export function extractPhones(text: string): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(PHONE)) {
    let raw = m[1];
    // Don't swallow a trailing or leading unrelated parenthesis.
    raw = raw.replace(/\s+$/, '');
    const value = phoneDigits(raw);
    if (!value) continue;
    const start = m.index! + m[0].indexOf(raw);
    out.push({ type: 'phone', value, text: raw, start, end: start + raw.length });
  }
  return out;
}
