// Every inbound type and webhook event in the table of docs/how-to/channels.md ("What each inbound type gets") has
// a provider-shaped fixture (test/fixtures/channels/inbound-catalogue.ts), and replaying it through the real route
// against the fake providers does what the table's Outcome column says.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSession, listMessages } from '../src/store/index.ts';
import { INBOUND_FIXTURES, type ReplayIds } from './fixtures/channels/inbound-catalogue.ts';
import { CHANNEL_KEYS, startChannelsWorld, type ChannelsWorld } from './support/channels-world.ts';

const EVO_TOKEN = 'evo-catalogue-token';
const CW_SECRET = 'cw-catalogue-secret';
const OUTCOMES = ['turn', 'line', 'record', 'status', 'ignore', 'note', 'operator'] as const;
type Outcome = (typeof OUTCOMES)[number];

/** The table's rows: provider, type, outcome. */
function tableRows(): { key: string; provider: string; type: string; outcome: Outcome }[] {
  const doc = readFileSync(new URL('../docs/how-to/channels.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## What each inbound type gets'), doc.indexOf('\n## ', doc.indexOf('## What each inbound type gets') + 1));
  return [...section.matchAll(/^\| `(\w+)` \| `([^`]+)` \| (\w+) \|/gm)].map(([, provider, type, outcome]) => ({ key: `${provider} ${type}`, provider, type, outcome: outcome as Outcome }));
}

const rows = tableRows();

describe('the inbound types table', () => {
  it('lists every provider type once, with a known outcome', () => {
    expect(rows.length).toBeGreaterThan(90);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    for (const r of rows) expect(OUTCOMES).toContain(r.outcome);
    // The types each provider's own reference names are all there.
    const types = (p: string) => rows.filter((r) => r.provider === p).map((r) => r.type.split(' ')[0]);
    expect(types('whatsapp')).toEqual(expect.arrayContaining(['text', 'image', 'audio', 'video', 'document', 'sticker', 'location', 'contacts', 'interactive', 'button', 'reaction', 'order', 'system', 'unsupported', 'status']));
    expect(types('evolution')).toEqual(expect.arrayContaining(['MESSAGES_UPDATE', 'MESSAGES_DELETE', 'SEND_MESSAGE', 'CONNECTION_UPDATE', 'CONTACTS_UPSERT', 'PRESENCE_UPDATE', 'pollCreationMessageV3', 'interactiveResponseMessage']));
    expect(types('chatwoot')).toEqual(expect.arrayContaining(['message_created', 'message_updated', 'conversation_created', 'conversation_status_changed', 'conversation_updated', 'webwidget_triggered', 'contact_created']));
  });

  it('has a fixture for every row and a row for every fixture', () => {
    expect(rows.map((r) => r.key).filter((k) => !INBOUND_FIXTURES[k])).toEqual([]);
    expect(Object.keys(INBOUND_FIXTURES).filter((k) => !rows.some((r) => r.key === k))).toEqual([]);
  });
});

describe('replaying each fixture through the real routes', () => {
  let world: ChannelsWorld;
  beforeAll(async () => {
    world = await startChannelsWorld({ env: { EVOLUTION_WEBHOOK_TOKEN: EVO_TOKEN, CHATWOOT_WEBHOOK_SECRET: CW_SECRET }, auth: { adminToken: 'a', operatorToken: 'o' } });
  });
  afterAll(() => world?.close());

  let seq = 0;
  const idsFor = (): ReplayIds => {
    seq++;
    return { number: `54911${String(60_000_000 + seq)}`, id: `3EB0CAT${Date.now()}${String(seq).padStart(3, '0')}`, conversation: 7000 + seq };
  };

  async function replay(provider: string, payload: object): Promise<{ status: number; body: any }> {
    const raw = JSON.stringify(payload);
    const { server } = world;
    if (provider === 'whatsapp') return server.post('/webhooks/whatsapp/la-formula', raw, { 'x-hub-signature-256': `sha256=${createHmac('sha256', CHANNEL_KEYS.appSecret).update(raw).digest('hex')}` });
    if (provider === 'evolution') return server.post('/webhooks/evolution/la-formula', raw, { 'x-webhook-token': EVO_TOKEN });
    const ts = String(Math.floor(Date.now() / 1000));
    return server.post('/webhooks/chatwoot/la-formula', raw, { 'x-chatwoot-timestamp': ts, 'x-chatwoot-signature': `sha256=${createHmac('sha256', CW_SECRET).update(`${ts}.${raw}`).digest('hex')}` });
  }

  const sessionOf = (provider: string, ids: ReplayIds) => (provider === 'chatwoot' ? `chatwoot-la-formula-3-${ids.conversation}` : `${provider}-la-formula-${ids.number}`);
  const sends = (provider: string) => (provider === 'whatsapp' ? world.graph : provider === 'evolution' ? world.evolution : world.chatwoot).delivered();

  for (const row of rows) {
    it(`${row.key} → ${row.outcome}`, async () => {
      const fixture = INBOUND_FIXTURES[row.key];
      expect(fixture, `no fixture for ${row.key}`).toBeDefined();
      world.reset();
      const ids = idsFor();
      world.chatwoot.conversations.set(`3/${ids.conversation}`, 'pending');
      const r = await replay(row.provider, fixture.payload(ids));
      expect(r.status).toBe(200);
      await world.server.channels.whenIdle();
      const sessionId = sessionOf(row.provider, ids);
      const stored = await listMessages(world.db, sessionId);
      const users = stored.filter((m) => m.role === 'user');
      const replies = stored.filter((m) => m.role === 'assistant');
      const LINES = ['media_unsupported', 'audio_unsupported', 'message_unsupported'];
      switch (row.outcome) {
        case 'ignore':
          expect(r.body).toMatchObject({ queued: 0 });
          expect(r.body.ignored?.length ?? 0).toBeGreaterThan(0);
          expect(await getSession(world.db, sessionId)).toBeUndefined();
          expect(sends(row.provider)).toEqual([]);
          return;
        case 'status':
          expect(r.body.queued ?? 0).toBe(0);
          expect(r.body.ignored ?? []).toEqual([]);
          expect(stored).toEqual([]);
          return;
        case 'record':
          expect(r.body.queued).toBe(1);
          expect(users.map((m) => m.content)).toEqual([expect.stringMatching(/^\[[^\]]+\]/)]);
          expect(replies).toEqual([]);
          expect(sends(row.provider)).toEqual([]);
          return;
        case 'note':
          // A system line in the conversation it concerns; none is started for it, and nothing is answered.
          expect(r.body.queued).toBe(1);
          expect(users).toEqual([]);
          expect(replies).toEqual([]);
          expect(sends(row.provider)).toEqual([]);
          return;
        case 'operator':
          // The owner's own reply from the WhatsApp app: kept as an operator's message, nothing answered.
          expect(r.body.queued).toBe(1);
          expect(users).toEqual([]);
          expect(replies.map((m) => m.source)).toEqual(['human']);
          expect(sends(row.provider)).toEqual([]);
          return;
        case 'line':
          expect(r.body.queued).toBe(1);
          expect(users.map((m) => m.content)).toEqual([expect.stringMatching(/^\[[^\]]+\]/)]);
          expect(replies.map((m) => m.intents)).toEqual([[expect.toBeOneOf(LINES)]]);
          expect(sends(row.provider)).toHaveLength(1);
          return;
        case 'turn':
          expect(r.body.queued).toBe(1);
          expect(users).toHaveLength(1);
          expect(replies).toHaveLength(1);
          expect(replies[0].intents.some((i) => LINES.includes(i))).toBe(false);
          expect(sends(row.provider).length).toBeGreaterThan(0);
          return;
      }
    });
  }
});
