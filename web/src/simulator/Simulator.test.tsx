// The simulator's pieces drawn to HTML: the bot picker (and what it says when the server has no bot), the user id
// label, and each kind of chat bubble.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BotInfo } from '../shared/api.ts';
import { chatTexts } from '../shared/i18n.ts';
import { Bubble, type BubbleProps } from './Bubble.tsx';
import { BotField, userIdLabel } from './Simulator.tsx';
import { pickBot } from './useBots.ts';

const html = (node: ReactNode) => renderToStaticMarkup(<>{node}</>);
const text = (markup: string) => markup.replace(/<[^>]+>/g, '');
const noop = () => {};

const gym: BotInfo = {
  id: 'gym',
  name: 'Gym Bot',
  language: 'pt-BR',
  model: 'local-model',
  understanding: 'local',
  requireUser: false,
  intents: [{ id: 'prices', label: 'Prices', handoff: false }],
  toolLabels: { search: 'Looking it up' },
  greeting: null,
};
const shop: BotInfo = { ...gym, id: 'shop', name: 'Shop Bot', requireUser: true };

describe('pickBot', () => {
  it('opens the wanted bot when it is loaded, else the first, else none', () => {
    expect(pickBot([gym, shop], 'shop')).toBe('shop');
    expect(pickBot([gym, shop], 'gone')).toBe('gym');
    expect(pickBot([gym, shop], null)).toBe('gym');
    expect(pickBot([], 'shop')).toBeNull();
  });
});

describe('BotField', () => {
  it('lists the bots and says what the chosen one runs on', () => {
    const out = html(<BotField bots={[gym, shop]} botId="gym" bot={gym} onChoose={noop} />);
    expect(text(out)).toContain('Gym Bot (pt-BR)Shop Bot (pt-BR)');
    expect(text(out)).toContain('local understanding · model local-model · 1 intents');
    expect(out).not.toContain('no-bots');
  });

  it('says so when the server has no bot loaded, and nothing while the list is still being read', () => {
    expect(html(<BotField bots={[]} botId={null} onChoose={noop} />)).toContain('data-testid="no-bots"');
    expect(html(<BotField bots={null} botId={null} onChoose={noop} />)).not.toContain('no-bots');
  });
});

describe('userIdLabel', () => {
  it('is optional unless the bot requires a user, and then asks for the console sign-in that vouches for it', () => {
    expect(userIdLabel(undefined, false)).toBe('User ID (optional)');
    expect(userIdLabel(gym, false)).toBe('User ID (optional)');
    expect(userIdLabel(shop, true)).toBe('User ID (required by this bot)');
    expect(userIdLabel(shop, false)).toMatch(/^User ID \(required by this bot: sign in to the console first/);
  });
});

const t = chatTexts.pt;
const bubble = (p: Partial<BubbleProps> & Pick<BubbleProps, 'item'>) => html(<Bubble t={t} bot={gym} showIntents={false} session={null} onSend={async () => {}} busy={false} {...p} />);

describe('Bubble', () => {
  it("draws the customer's message and a system notice", () => {
    expect(bubble({ item: { key: 'u', role: 'user', source: '', content: 'oi', intents: [] } })).toContain('<div class="msg-row user" data-testid="msg-user"><div class="bubble user">');
    expect(bubble({ item: { key: 's', role: 'system', source: 'system', content: 'note', intents: [] } })).toContain('<div class="msg-row system" data-testid="msg-system"><div class="bubble system">');
  });

  it("shows a reply's tools running, done and failed, named by the tool's own label, the bot's, or a default", () => {
    const out = bubble({
      item: {
        key: 'r',
        role: 'assistant',
        source: 'bot',
        content: '',
        intents: [],
        streaming: true,
        tools: [
          { tool: 'search', done: false, ok: true },
          { tool: 'stock', label: 'Checking stock', done: true, ok: true },
          { tool: 'other', done: true, ok: false },
        ],
      },
    });
    expect(out).toContain('data-testid="msg-bot"');
    expect(out).toContain('aria-busy="true"');
    expect(out.match(/<li class="(\w+)" data-testid="tool-line">/g)).toEqual(['<li class="running" data-testid="tool-line">', '<li class="done" data-testid="tool-line">', '<li class="failed" data-testid="tool-line">']);
    expect(text(out)).toContain('Looking it up');
    expect(text(out)).toContain('Checking stock');
    expect(text(out)).toContain(t.working);
    expect(text(out)).toContain(t.typing);
  });

  it("shows the turn's intents only when asked, and thumbs only on a stored bot reply of a known session", () => {
    const item = { key: 'm1', id: 1, role: 'assistant' as const, source: 'bot' as const, content: 'R$ 99', intents: ['prices'] };
    const session = { sessionId: 's', sessionToken: 'k' };
    expect(bubble({ item })).not.toContain('turn-intents');
    expect(bubble({ item, showIntents: true })).toContain('<p class="intent-chips" data-testid="turn-intents"><span class="chip">Prices <code>prices</code></span></p>');
    expect(bubble({ item })).not.toContain('thumb-up');
    expect(bubble({ item, session })).toContain('data-testid="thumb-up"');
    expect(bubble({ item, session })).toContain('data-stored=""');
    const human = bubble({ item: { ...item, source: 'human' }, session });
    expect(human).toContain('data-testid="msg-human"');
    expect(text(human)).toContain(t.fromPerson);
    expect(human).not.toContain('thumb-up');
  });
});
