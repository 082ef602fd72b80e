// A webhook's message through the one ingress (src/ingress) before it is stored: every string cleaned (NUL and
// control characters would make Postgres refuse the row, and the provider retry it forever), the text cut at
// the runtime's limit and flagged (the hub answers "too long" instead of running the turn), the rest bounded.
import { admitText, cleanStrings, MAX_MESSAGE_CHARS } from '../ingress/index.ts';
import type { InboundMessage } from './types.ts';

/** A display name or caption longer than this is cut: they are shown to operators, never understood. */
const MAX_LABEL_CHARS = 200;

/** The message the hub may store and run, or null when nothing is left to answer (text empty once cleaned). */
export function admitInbound(msg: InboundMessage): InboundMessage | null {
  const clean = cleanStrings(msg);
  const name = clean.name?.slice(0, MAX_LABEL_CHARS);
  const caption = clean.caption?.slice(0, MAX_MESSAGE_CHARS);
  const bounded: InboundMessage = { ...clean, ...(name !== undefined ? { name } : {}), ...(caption !== undefined ? { caption } : {}) };
  if (bounded.text === null) return bounded;
  const admitted = admitText(bounded.text);
  if (admitted.kind === 'empty') return null;
  if (admitted.kind === 'too-long') return { ...bounded, text: admitted.text, tooLong: admitted.length };
  return { ...bounded, text: admitted.text };
}
