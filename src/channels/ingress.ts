// A webhook's message through the one ingress (src/ingress) before it is stored: every string cleaned (NUL and
// control characters would make Postgres refuse the row, and the provider retry it forever), the text cut at
// the runtime's limit and flagged (the hub answers "too long" instead of running the turn), the rest bounded.
import { admitText, cleanStrings, MAX_MESSAGE_CHARS } from '../ingress/index.ts';
import type { InboundMessage, MessageKind, OrderCart } from './types.ts';

/** A display name or a detail longer than this is cut: they are shown to operators, never understood. */
const MAX_LABEL_CHARS = 200;
/** Lines of a catalogue order kept (each a product id and a quantity). */
const MAX_ORDER_ITEMS = 50;

/** Rows stored by earlier versions named the kind `media` and kept a caption apart from the (null) text. */
type StoredInbound = InboundMessage & { media?: MessageKind | 'other'; caption?: string };

/** The message the hub may store and run, or null when nothing is left to answer (text empty once cleaned). */
export function admitInbound(received: InboundMessage): InboundMessage | null {
  const bounded = boundedMessage(received);
  if (bounded.text === null) return bounded;
  const admitted = admitText(bounded.text);
  if (admitted.kind === 'empty') return bounded.kind && bounded.kind !== 'text' ? { ...bounded, text: null } : null;
  if (admitted.kind === 'too-long') return { ...bounded, text: admitted.text, tooLong: admitted.length };
  return { ...bounded, text: admitted.text };
}

/** Every string cleaned, an older row's `media` and `caption` read as today's kind and text, labels and orders cut. */
function boundedMessage(received: InboundMessage): InboundMessage {
  const { media, caption, ...clean } = cleanStrings(received as StoredInbound);
  const kind = clean.kind ?? (media === 'other' ? 'unsupported' : media);
  const text = clean.text ?? (caption?.trim() ? caption.trim() : null);
  const name = clean.name?.slice(0, MAX_LABEL_CHARS);
  const detail = clean.detail?.slice(0, MAX_LABEL_CHARS);
  const order = clean.order ? boundedOrder(clean.order) : undefined;
  return {
    ...clean,
    text,
    ...(kind !== undefined ? { kind } : {}),
    ...(name !== undefined ? { name } : {}),
    ...(detail !== undefined ? { detail } : {}),
    ...(order !== undefined ? { order } : {}),
  };
}

const boundedOrder = (order: OrderCart): OrderCart => ({ ...order, items: order.items.slice(0, MAX_ORDER_ITEMS), note: order.note?.slice(0, MAX_MESSAGE_CHARS) });
