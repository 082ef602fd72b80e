// Click-through: customers opening the result cards a reply showed (a `data-cards` UI part). A signal for the
// learning loop beside ratings and abandonment: which answers' results get opened, per bot, card and intent.
// A card counts once per conversation, however often it is opened.
import type { Sql } from '../store/index.ts';
import { InvalidError, NotFoundError } from '../errors/index.ts';

export interface CardClick {
  bot: string;
  sessionId: string;
  messageId: number;
  /** The index of the `data-cards` part among the reply's parts. */
  part: number;
  /** The index of the card in that part's items. */
  item: number;
}

export interface RecordedClick {
  /** false: this card of this reply was already counted in this conversation. */
  created: boolean;
  /** The card's title (with its subtitle) and the reply's first intent, read from the stored reply. */
  label: string;
  intent: string;
}

type StoredPart = { type?: unknown; data?: { items?: { title?: unknown; subtitle?: unknown }[] } };

/** The card a click names, read from the reply as it was stored: a 404 or 400 that says what does not match. */
async function clickedCard(sql: Sql, c: CardClick): Promise<{ label: string; intent: string }> {
  const [m] = await sql.query<{ role: string; intents: string[] | string; parts: StoredPart[] | string | null }>(
    'select role, intents, parts from messages where id = $1 and session_id = $2',
    [c.messageId, c.sessionId],
  );
  if (!m) throw new NotFoundError(`message ${c.messageId} is not part of this conversation`);
  const parse = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
  const parts = parse(m.parts) ?? [];
  const part = m.role === 'assistant' ? parts[c.part] : undefined;
  if (part?.type !== 'data-cards') throw new InvalidError(`part ${c.part} of message ${c.messageId} is not a list of cards`);
  const card = part.data?.items?.[c.item];
  if (!card) throw new InvalidError(`the cards of part ${c.part} have no item ${c.item}`);
  const intents = parse(m.intents) ?? [];
  const label = card.subtitle ? `${String(card.title ?? '')} — ${String(card.subtitle)}` : String(card.title ?? '');
  return { label: label.slice(0, 300), intent: intents[0] ?? '' };
}

/** Count a click on a card of a reply of the conversation (once per card and conversation). */
export async function recordCardClick(sql: Sql, c: CardClick): Promise<RecordedClick> {
  const { label, intent } = await clickedCard(sql, c);
  const rows = await sql.query(
    `insert into card_clicks (bot, session_id, message_id, part, item, label, intent) values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (session_id, message_id, part, item) do nothing returning id`,
    [c.bot, c.sessionId, c.messageId, c.part, c.item, label, intent],
  );
  return { created: rows.length > 0, label, intent };
}

export interface ClickReport {
  bot: string;
  days: number;
  /** Replies with cards the bot sent in the period. */
  shown: number;
  /** Cards opened (each card once per conversation). */
  clicks: number;
  /** Replies with at least one card opened. */
  clickedReplies: number;
  /** clickedReplies / shown (0 with none shown, at most 1). */
  rate: number;
  /** The reply's intent, most opened first. */
  byIntent: { intent: string; count: number }[];
  /** The cards opened, most opened first (at most 20). */
  byCard: { label: string; intent: string; count: number }[];
}

/** The click-through of a bot's result cards over its last `days` days (default 7). */
export async function clickReport(sql: Sql, bot: string, opts: { days?: number } = {}): Promise<ClickReport> {
  const days = opts.days ?? 7;
  const [totals] = await sql.query<{ clicks: number | string; replies: number | string }>(
    `select count(*) as clicks, count(distinct message_id) as replies from card_clicks
      where bot = $1 and created_at >= now() - make_interval(days => $2)`,
    [bot, days],
  );
  const cards = await sql.query<{ label: string; intent: string; count: number | string }>(
    `select label, intent, count(*) as count from card_clicks
      where bot = $1 and created_at >= now() - make_interval(days => $2)
      group by label, intent order by count(*) desc, label limit 20`,
    [bot, days],
  );
  const intents = await sql.query<{ intent: string; count: number | string }>(
    `select intent, count(*) as count from card_clicks
      where bot = $1 and created_at >= now() - make_interval(days => $2)
      group by intent order by count(*) desc, intent`,
    [bot, days],
  );
  // The bot's sessions through (bot, updated_at); each one's replies through (session_id, id).
  const [seen] = await sql.query<{ shown: number | string | null }>(
    `select sum(k.c) as shown
       from (select id from sessions where bot = $1 and updated_at >= now() - make_interval(days => $2)
              order by updated_at desc limit 5000) s
       cross join lateral (select count(*) as c from messages m
                            where m.session_id = s.id and m.role = 'assistant' and m.parts is not null
                              and m.created_at >= now() - make_interval(days => $2)
                              and m.parts @> '[{"type":"data-cards"}]'::jsonb) k`,
    [bot, days],
  );
  const shown = Number(seen?.shown ?? 0);
  const clickedReplies = Number(totals?.replies ?? 0);
  return {
    bot,
    days,
    shown,
    clicks: Number(totals?.clicks ?? 0),
    clickedReplies,
    rate: shown ? Math.min(1, clickedReplies / shown) : 0,
    byIntent: intents.map((r) => ({ intent: r.intent, count: Number(r.count) })),
    byCard: cards.map((r) => ({ label: r.label, intent: r.intent, count: Number(r.count) })),
  };
}
