// The one rule every message follows before the runtime sees it, whoever sent it (HTTP chat, the AI SDK
// route, a channel webhook): control characters and NUL are stripped, text is made well-formed UTF-16, and a
// message longer than MAX_MESSAGE_CHARS is not understood (HTTP refuses it; a channel answers "too long").

/** The longest message the runtime reads. Understanding costs grow with length: this is their ceiling. */
export const MAX_MESSAGE_CHARS = 4000;

/** C0 controls but tab, line feed and carriage return, plus DEL: never meaningful in a chat message. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * A string safe to store and show: no control characters or NUL (Postgres refuses NUL in text and jsonb),
 * lone surrogates replaced by U+FFFD. Linear in the length.
 */
export function cleanText(s: string): string {
  return s.replace(CONTROL, '').replace(LONE_SURROGATE, '\ufffd');
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export type AdmittedText =
  | { kind: 'text'; text: string }
  /** Over the limit: `text` is the first MAX_MESSAGE_CHARS characters (what is stored), `length` the original's. */
  | { kind: 'too-long'; text: string; length: number }
  | { kind: 'empty' };

/** Clean a message's text and say whether the runtime may read it. */
export function admitText(raw: string): AdmittedText {
  const text = cleanText(raw).trim();
  if (!text) return { kind: 'empty' };
  if (text.length > MAX_MESSAGE_CHARS) return { kind: 'too-long', text: cutAt(text, MAX_MESSAGE_CHARS), length: text.length };
  return { kind: 'text', text };
}

/** The first `max` characters, without splitting a surrogate pair. */
function cutAt(s: string, max: number): string {
  const cut = s.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** The clean copy of every string in a JSON-like value (webhook fields other than the text: names, ids, captions). */
export function cleanStrings<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (Array.isArray(value)) return value.map(cleanStrings) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cleanStrings(v)])) as T;
  return value;
}
