// Text folding: the one place that decides how letters are compared. Every variant folds the same way
// (combining marks dropped, Vietnamese đ/Đ to d/D, which Unicode does not decompose); they differ only in
// what else they keep, as their names say.

const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** Accents dropped and đ/Đ → d/D; case, spaces and punctuation kept. */
export function foldDiacritics(text: string): string {
  return text
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .replace(/[đĐ]/g, (c) => (c === 'đ' ? 'd' : 'D'))
    .normalize('NFC');
}

/** For comparing what people type: lowercase, accents folded, runs of spaces as one, trimmed. */
export function fold(text: string): string {
  return foldDiacritics(text.toLowerCase()).replace(/\s+/g, ' ').trim();
}

/** Words only: fold with every run of characters other than letters and digits as one space. */
export function foldToWords(text: string): string {
  return foldDiacritics(text.toLowerCase()).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** A phrase of a bot's data folded as messages are (foldPreservingOffsets), trimmed, runs of spaces as one. */
export function foldPhrase(text: string): string {
  return foldPreservingOffsets(text.trim()).replace(/\s+/g, ' ');
}

/** Letters and digits folded, anything else as '-': "Áo sơ mi Trắng" → "ao-so-mi-trang". */
export function slugify(text: string): string {
  return foldDiacritics(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Folded characters already seen: a message's letters come from a small alphabet (bounded, for any input). */
const foldedChars = new Map<string, string>();
const MAX_FOLDED_CHARS = 4096;

function foldChar(ch: string): string {
  let f = foldedChars.get(ch);
  if (f === undefined) {
    f = foldDiacritics(ch).toLowerCase();
    if (foldedChars.size < MAX_FOLDED_CHARS) foldedChars.set(ch, f);
  }
  return f;
}

/**
 * Lowercase + fold, one output char per input UTF-16 unit, so offsets in the folded text are offsets in the
 * original (for entity spans).
 */
export function foldPreservingOffsets(text: string): string {
  let out = '';
  for (const ch of text) {
    // ASCII has no marks to fold: lowercase it without a round of Unicode normalisation per character.
    const code = ch.charCodeAt(0);
    if (code < 128) {
      out += code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : ch;
      continue;
    }
    const f = foldChar(ch);
    // Non-BMP chars (emojis) are two units: keep the length.
    const width = ch.length;
    out += f.length === width ? f : f.length > 0 ? f[0].padEnd(width, ' ') : ' '.repeat(width);
  }
  return out;
}
