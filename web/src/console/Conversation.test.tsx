// The operator's conversation and the inbox's empty list, drawn to HTML: what an operator sees before anything
// was read, for each mode, and for each kind of message.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BotInfo, Message, SessionSummary, Turn } from '../shared/api.ts';
import { consoleTexts } from '../shared/i18n.ts';
import { Conversation } from './Conversation.tsx';
import { HistoryEntry, type HistoryEntryProps } from './HistoryEntry.tsx';
import { SessionListEmpty } from './Inbox.tsx';
import { deliveryFailure } from './useChannelStatus.ts';

const en = consoleTexts.en;
const es = consoleTexts.es;
const html = (node: ReactNode) => renderToStaticMarkup(<>{node}</>);
const text = (markup: string) => markup.replace(/<[^>]+>/g, '');
const noop = () => {};

const bots: BotInfo[] = [
  { id: 'gym', name: 'Gym Bot', language: 'en', model: 'm', understanding: 'local', requireUser: false, intents: [{ id: 'prices', label: 'Prices', handoff: false }], toolLabels: {}, greeting: null },
];
const summary: SessionSummary = {
  id: 's-1',
  bot: 'gym',
  userId: 'ana',
  userVerified: true,
  channel: null,
  phoneNumber: null,
  mode: 'bot',
  handoffReason: '',
  handoffAt: null,
  lastIntent: 'prices',
  lastIntentLabel: null,
  createdAt: '2026-01-01T10:00:00Z',
  updatedAt: '2026-01-01T10:00:00Z',
};
const conversation = (s: Partial<SessionSummary>, t = en) =>
  html(<Conversation token="tok" t={t} bots={bots} summary={{ ...summary, ...s }} subscribe={() => noop} patchSession={noop} onBack={noop} />);

describe('Conversation', () => {
  it('says the conversation is loading until it was read, under a header naming customer, bot and intent', () => {
    const out = conversation({});
    expect(out).toContain('<p class="empty" role="status" data-testid="conversation-loading">Loading the conversation…</p>');
    expect(out).toContain('<h2>ana</h2>');
    expect(text(out)).toContain('Gym Bot · s-1');
    expect(out).toContain(`<span class="chip" title="Intent">Prices</span>`);
    expect(text(conversation({}, es))).toContain('Cargando la conversación…');
  });

  it('offers the actions of each mode, and the reply box only while a person may answer', () => {
    const bot = conversation({ mode: 'bot' });
    expect(bot).toContain('data-testid="action-handoff"');
    expect(bot).not.toContain('data-testid="action-take"');
    expect(bot).not.toContain('data-testid="action-return"');
    expect(bot).toMatch(/<textarea[^>]*disabled=""/);
    expect(text(bot)).toContain(en.replyDisabled);

    const pending = conversation({ mode: 'handoff_pending', handoffReason: 'manual', handoffAt: new Date().toISOString() });
    expect(pending).toContain('data-testid="action-take"');
    expect(pending).toContain('<button type="button" class="secondary" data-testid="action-return"');
    expect(pending).not.toContain('data-testid="action-handoff"');
    expect(pending).not.toMatch(/<textarea[^>]*disabled=""/);
    expect(text(pending)).toContain('Reason: manual · handed off just now');

    const human = conversation({ mode: 'human', channel: 'evolution' });
    expect(human).toContain('<button type="button" class="" data-testid="action-return"');
    expect(human).not.toContain('data-testid="action-take"');
    expect(text(human)).toContain('s-1 · evolution');
  });
});

const turn: Turn = { id: 'turn-1', path: 'answer', intents: ['prices'], trace: [], modelCalls: [], latencyMs: 41.6 };
const message = (m: Partial<Message>): Message => ({ id: 7, role: 'assistant', source: 'bot', content: 'Plans start at $30.', intents: ['prices'], turnId: 'turn-1', createdAt: '2026-01-01T10:00:00Z', ...m });
const entry = (p: Partial<HistoryEntryProps>) =>
  html(
    <ol>
      <HistoryEntry m={message({})} t={en} token="tok" bots={bots} bot="gym" sessionId="s-1" turn={undefined} traceOpen={false} onToggleTrace={noop} undelivered={undefined} {...p} />
    </ol>,
  );

describe('HistoryEntry', () => {
  it("shows a bot reply's intents by label and its trace toggle with the turn's time", () => {
    const out = entry({ turn });
    expect(out).toContain('data-testid="entry-bot"');
    expect(out).toContain('<span class="entry-intents"><span class="chip small">Prices</span></span>');
    expect(out).toContain('<button type="button" class="link" aria-expanded="false" data-testid="trace-toggle">Trace · 42 ms</button>');
    expect(out).not.toContain('data-testid="trace-node"');
    expect(out).not.toContain('delivery-failed');
  });

  it('marks a reply the channel did not deliver, with why', () => {
    const out = entry({ undelivered: deliveryFailure({ errorCode: '131047', lastError: 'Re-engagement message' }) });
    expect(out).toContain('<span class="chip small failed" data-testid="delivery-failed" title="The customer did not receive this message: (131047) Re-engagement message">Not delivered</span>');
    expect(deliveryFailure({ errorCode: null, lastError: 'timeout' })).toBe('timeout');
    expect(deliveryFailure({ errorCode: null, lastError: null })).toBe('');
  });

  it("shows no intents on the customer's message, nor a trace toggle without a turn", () => {
    const out = entry({ m: message({ role: 'user', source: '', content: 'how much?', intents: ['prices'], turnId: null }) });
    expect(out).toContain('class="entry user src-user" data-testid="entry-user"');
    expect(out).not.toContain('entry-intents');
    expect(out).not.toContain('trace-toggle');
    expect(text(out)).toContain('Customer');
  });
});

describe('SessionListEmpty', () => {
  const empty = (loading: boolean, filtered: boolean) => html(<SessionListEmpty t={en} loading={loading} filtered={filtered} onClearFilters={noop} />);

  it('says the list is loading before it was read, not that there are no conversations', () => {
    expect(empty(true, false)).toBe('<p class="empty" role="status" data-testid="sessions-loading">Loading conversations…</p>');
  });

  it('tells "none yet" from "the filters hide them", with a way to clear the filters', () => {
    expect(empty(false, false)).toBe('<p class="empty">No conversations yet.</p>');
    const filtered = empty(false, true);
    expect(text(filtered)).toBe('No conversations match these filters. Clear filters');
    expect(filtered).toContain('<button type="button" class="link" data-testid="clear-filters">Clear filters</button>');
  });
});
