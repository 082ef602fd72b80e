// What a customer can send besides text, answered as a person would, over the real routes against the fake
// providers with provider-shaped payloads (test/fixtures/channels/inbound-catalogue.ts): one line per burst of
// media (albums, stickers), captions, buttons and catalogue orders read as text, stickers and reactions kept
// without a reply, every item in the transcript with its kind; read receipts and "typing…" on each provider,
// best effort and per bot; and the channel counters on /metrics.
import { createHmac } from 'node:crypto';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getSession, listMessages, updateSession } from '../src/store/index.ts';
import { INBOUND_FIXTURES, type ReplayIds } from './fixtures/channels/inbound-catalogue.ts';
import { startChannelsServer } from './support/channels-server.ts';
import { CHANNEL_KEYS, startChannelsWorld, type ChannelsWorld } from './support/channels-world.ts';

const ADMIN = 'admin-media';
const EVO_TOKEN = 'evo-media-token';
const CW_SECRET = 'cw-media-secret';
/** A business number mapped to no bot: its webhooks go to the bot of the URL (/webhooks/whatsapp/<bot>). */
const OTHER_NUMBER_ID = '104455667788';

let world: ChannelsWorld;
const turnTexts: string[] = [];

beforeAll(async () => {
  world = await startChannelsWorld({
    bots: ['la-formula', 'mini-crm', 'fashion-vn'],
    env: { EVOLUTION_WEBHOOK_TOKEN: EVO_TOKEN, CHATWOOT_WEBHOOK_SECRET: CW_SECRET },
    auth: { adminToken: ADMIN, operatorToken: 'o' },
    metrics: true,
  });
  world.runtime.signals.on((s) => void (s.type === 'turn' && turnTexts.push(s.text)));
});

afterAll(() => world?.close());

beforeEach(() => {
  world.reset();
  turnTexts.length = 0;
});

let seq = 0;
const newIds = (): ReplayIds => {
  seq++;
  return { number: `54911${String(70_000_000 + seq)}`, id: `3EB0MEDIA${Date.now()}${String(seq).padStart(3, '0')}`, conversation: 8000 + seq };
};
/** Another message of the same customer (same number and conversation, its own id). */
const next = (ids: ReplayIds, n: number): ReplayIds => ({ ...ids, id: `${ids.id}X${n}` });

const payload = (key: string, ids: ReplayIds) => INBOUND_FIXTURES[key].payload(ids);

function signedCloud(body: object, bot = 'la-formula', server = world.server) {
  const raw = JSON.stringify(body);
  return server.post(`/webhooks/whatsapp/${bot}`, raw, { 'x-hub-signature-256': `sha256=${createHmac('sha256', CHANNEL_KEYS.appSecret).update(raw).digest('hex')}` });
}
const evolutionPost = (body: object, server = world.server) => server.post('/webhooks/evolution/la-formula', body, { 'x-webhook-token': EVO_TOKEN });
function chatwootPost(body: object) {
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(Date.now() / 1000));
  return world.server.post('/webhooks/chatwoot/la-formula', raw, { 'x-chatwoot-timestamp': ts, 'x-chatwoot-signature': `sha256=${createHmac('sha256', CW_SECRET).update(`${ts}.${raw}`).digest('hex')}` });
}

const idle = () => world.server.channels.whenIdle();
const transcript = async (sessionId: string) => (await listMessages(world.db, sessionId)).map((m) => `${m.role}:${m.content}`);
const evoSession = (ids: ReplayIds) => `evolution-la-formula-${ids.number}`;
const cloudSession = (ids: ReplayIds, bot = 'la-formula') => `whatsapp-${bot}-${ids.number}`;

/** A Cloud API notification for another business number (the URL's bot answers it). */
function forBot(body: any) {
  body.entry[0].changes[0].value.metadata.phone_number_id = OTHER_NUMBER_ID;
  return body;
}

// ---------------------------------------------------------------- media, as a person answers it

describe('media: one reply per burst, every item kept with its kind', () => {
  it('answers an album of three photos (three Evolution webhooks at once) with one line, keeping the three photos', async () => {
    const ids = newIds();
    const results = await Promise.all([0, 1, 2].map((n) => evolutionPost(payload('evolution imageMessage', next(ids, n)))));
    expect(results.map((r) => r.body.queued)).toEqual([1, 1, 1]);
    await idle();
    expect(world.evolution.delivered().map((r) => r.body.text)).toEqual([expect.stringMatching(/^Por ahora solo puedo leer mensajes de texto/)]);
    expect(await transcript(evoSession(ids))).toEqual(['user:[imagen]', expect.stringMatching(/^assistant:Por ahora solo puedo leer/), 'user:[imagen]', 'user:[imagen]']);
  });

  it('answers an album in one Cloud API notification once, and stickers not at all', async () => {
    const ids = newIds();
    const album = payload('whatsapp image', ids);
    const value = album.entry[0].changes[0].value;
    value.messages = [0, 1, 2].map((n) => ({ ...value.messages[0], id: `wamid.${next(ids, n).id}` }));
    expect((await signedCloud(album)).body.queued).toBe(3);
    await idle();
    expect(world.graph.delivered()).toHaveLength(1);

    const stickers = newIds();
    for (const n of [0, 1, 2]) expect((await signedCloud(payload('whatsapp sticker', next(stickers, n)))).body.queued).toBe(1);
    await idle();
    expect(world.graph.delivered()).toHaveLength(1); // still only the album's line
    expect(await transcript(cloudSession(stickers))).toEqual(['user:[sticker]', 'user:[sticker]', 'user:[sticker]']);
  });

  it('agrees on one line when two processes take an album\'s photos at once', async () => {
    const second = await startChannelsServer(world.runtime, world.config, { adminToken: ADMIN, operatorToken: 'o' });
    try {
      const ids = newIds();
      await Promise.all([evolutionPost(payload('evolution imageMessage', next(ids, 0))), evolutionPost(payload('evolution imageMessage', next(ids, 1)), second), evolutionPost(payload('evolution videoMessage', next(ids, 2)), second)]);
      await Promise.all([idle(), second.channels.whenIdle()]);
      expect(world.evolution.delivered()).toHaveLength(1);
      const stored = await transcript(evoSession(ids));
      expect(stored.filter((m) => m.startsWith('user:'))).toHaveLength(3);
      expect(stored.filter((m) => m.startsWith('assistant:'))).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('reads a caption as the message even within a burst, and keeps a reaction without answering it', async () => {
    const ids = newIds();
    await evolutionPost(payload('evolution imageMessage', next(ids, 0)));
    await idle();
    await evolutionPost(payload('evolution imageMessage with caption', next(ids, 1)));
    await evolutionPost(payload('evolution reactionMessage', next(ids, 2)));
    await idle();
    expect(turnTexts).toEqual(['tienen de esta marca?']);
    const stored = await transcript(evoSession(ids));
    expect(stored.filter((m) => m.startsWith('user:'))).toEqual(['user:[imagen]', 'user:[imagen] tienen de esta marca?', 'user:[reacción] ❤️']);
    expect(world.evolution.delivered()).toHaveLength(2); // the line, then the bot's answer to the caption
  });

  it('answers a voice note with one clear line in the bot\'s language', async () => {
    const lines: Record<string, RegExp> = { 'la-formula': /^Por ahora no puedo escuchar audios\. ¿Me lo podés escribir\?$/, 'mini-crm': /^Por enquanto não consigo ouvir áudios/, 'fashion-vn': /^Hiện tại mình chưa nghe được tin nhắn thoại/ };
    for (const [bot, line] of Object.entries(lines)) {
      const ids = newIds();
      expect((await signedCloud(forBot(payload('whatsapp audio', ids)), bot)).body.queued).toBe(1);
      await idle();
      expect(world.graph.delivered().at(-1)!.body.text.body).toMatch(line);
      const stored = await listMessages(world.db, cloudSession(ids, bot));
      expect(stored.map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(stored[0].content).toMatch(/^\[(audio|áudio|âm thanh)\]$/);
      expect(stored[1].intents).toEqual(['audio_unsupported']);
    }
  });

  it('loses nothing to a restart mid-album: photos stored but not handled are recovered, kept, and not answered twice', async () => {
    const ids = newIds();
    await evolutionPost(payload('evolution imageMessage', next(ids, 0)));
    await idle();
    expect(world.evolution.delivered()).toHaveLength(1);
    const [first] = await world.db.query<{ payload: any }>('select payload from channel_inbound where provider_message_id = $1', [next(ids, 0).id]);
    const base = typeof first.payload === 'string' ? JSON.parse(first.payload) : first.payload;
    const arrived = Date.parse(base.receivedAt);
    // Two more photos of the album, stored by a process that stopped before handling them, and a captioned photo
    // stored by an older version (kind in `media`, the caption apart from a null text).
    const rows = [
      { ...base, providerId: next(ids, 1).id, receivedAt: new Date(arrived + 800).toISOString() },
      { ...base, providerId: next(ids, 2).id, receivedAt: new Date(arrived + 1600).toISOString() },
      { ...base, kind: undefined, media: 'image', caption: 'tienen envíos a Rosario?', providerId: next(ids, 3).id, receivedAt: undefined },
    ];
    for (const row of rows) {
      await world.db.query(
        `insert into channel_inbound (channel, bot, provider_message_id, session_id, status, payload, updated_at) values ('evolution', 'la-formula', $1, $2, 'queued', $3, now() - interval '1 hour')`,
        [row.providerId, evoSession(ids), JSON.stringify(row)],
      );
    }
    expect(await world.server.channels.recover()).toBeGreaterThanOrEqual(3);
    await idle();
    const stored = await transcript(evoSession(ids));
    expect(stored.filter((m) => m.startsWith('user:'))).toEqual(['user:[imagen]', 'user:[imagen]', 'user:[imagen]', 'user:[imagen] tienen envíos a Rosario?']);
    expect(turnTexts).toEqual(['tienen envíos a Rosario?']);
    expect(world.evolution.delivered()).toHaveLength(2); // the album's one line, and the answer to the caption
  });

  it('counts a burst in the database by when each item arrived, so the window does not depend on the process', async () => {
    const { startsMediaBurst } = await import('../src/channels/bursts.ts');
    const ids = newIds();
    await evolutionPost(payload('evolution conversation', ids)); // creates the conversation's channel row
    await idle();
    const session = evoSession(ids);
    const t0 = new Date('2026-11-23T10:00:00.000Z');
    const at = (ms: number) => new Date(t0.getTime() + ms);
    expect(await startsMediaBurst(world.db, session, t0, 5000)).toBe(true);
    expect(await startsMediaBurst(world.db, session, at(3000), 5000)).toBe(false);
    expect(await startsMediaBurst(world.db, session, at(7000), 5000)).toBe(false); // within 5 s of the previous item
    expect(await startsMediaBurst(world.db, session, at(2000), 5000)).toBe(false); // late arrival of the same burst
    expect(await startsMediaBurst(world.db, session, at(13_000), 5000)).toBe(true);
  });
});

// ---------------------------------------------------------------- types that used to vanish

describe('message types that used to vanish without a reply', () => {
  it('answers a Cloud API unsupported message (view-once, poll) with one clear line and keeps it', async () => {
    const ids = newIds();
    expect((await signedCloud(payload('whatsapp unsupported', ids))).body.queued).toBe(1);
    await idle();
    expect(world.graph.delivered().map((r) => r.body.text.body)).toEqual(['No pude abrir ese tipo de mensaje. ¿Me lo podés escribir?']);
    expect(await transcript(cloudSession(ids))).toEqual(['user:[mensaje no compatible]', 'assistant:No pude abrir ese tipo de mensaje. ¿Me lo podés escribir?']);
  });

  it('hands a catalogue order to the bot as text listing products and quantities', async () => {
    const ids = newIds();
    expect((await signedCloud(payload('whatsapp order', ids))).body.queued).toBe(1);
    await idle();
    const read = 'Pedido del catálogo: 2 × CREA-300, 1 × WHEY-1KG. lo retiro mañana';
    expect(turnTexts).toEqual([read]);
    const stored = await transcript(cloudSession(ids));
    expect(stored[0]).toBe(`user:[pedido] ${read}`);
    expect(stored).toHaveLength(2);
    expect(world.graph.delivered()).toHaveLength(1);
  });

  it('reads the option picked in Evolution button, list, template and interactive replies as the customer\'s text', async () => {
    const picked: Record<string, string> = {
      'evolution buttonsResponseMessage': 'Creatina',
      'evolution listResponseMessage': 'Whey protein',
      'evolution templateButtonReplyMessage': 'Ver precio',
      'evolution interactiveResponseMessage': 'Quiero la creatina',
    };
    for (const [key, text] of Object.entries(picked)) {
      const ids = newIds();
      expect((await evolutionPost(payload(key, ids))).body.queued).toBe(1);
      await idle();
      expect(turnTexts.at(-1)).toBe(text);
      expect((await transcript(evoSession(ids)))[0]).toBe(`user:[botón] ${text}`);
    }
    expect(world.evolution.delivered()).toHaveLength(4);
  });

  it('reads Cloud API button and list replies, and a template button, as text', async () => {
    for (const key of ['whatsapp interactive button_reply', 'whatsapp interactive list_reply', 'whatsapp button']) {
      await signedCloud(payload(key, newIds()));
      await idle();
    }
    expect(turnTexts).toEqual(['Creatina', 'Whey protein', 'Ver precio']);
  });

  it('answers a poll a customer creates with one line and keeps a poll vote without a reply', async () => {
    const ids = newIds();
    await evolutionPost(payload('evolution pollCreationMessageV3', next(ids, 0)));
    await idle();
    await evolutionPost(payload('evolution pollUpdateMessage', next(ids, 1)));
    await idle();
    expect(await transcript(evoSession(ids))).toEqual(['user:[encuesta] ¿Qué sabor preferís?', 'assistant:No pude abrir ese tipo de mensaje. ¿Me lo podés escribir?', 'user:[voto en encuesta]']);
    expect(world.evolution.delivered()).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- read receipts and typing

describe('read receipts and typing indicators', () => {
  const settings = () => world.runtime.bot('la-formula').config.settings as Record<string, any>;
  const withChannelSettings = async (channels: Record<string, unknown>, fn: () => Promise<void>) => {
    const before = settings().channels;
    settings().channels = { ...before, ...channels };
    try {
      await fn();
    } finally {
      settings().channels = before;
    }
  };

  it('Cloud API: marks the message read with the typing indicator when a reply follows, read only for a sticker', async () => {
    const ids = newIds();
    await signedCloud(payload('whatsapp text', ids));
    await idle();
    expect(world.graph.presence.map((r) => r.body)).toEqual([{ messaging_product: 'whatsapp', status: 'read', message_id: `wamid.${ids.id}`, typing_indicator: { type: 'text' } }]);
    expect(world.graph.presence[0].path).toBe(`/v21.0/${CHANNEL_KEYS.phoneNumberId}/messages`);
    expect(world.graph.delivered()).toHaveLength(1);
    world.reset();
    const sticker = newIds();
    await signedCloud(payload('whatsapp sticker', sticker));
    await idle();
    expect(world.graph.presence.map((r) => r.body)).toEqual([{ messaging_product: 'whatsapp', status: 'read', message_id: `wamid.${sticker.id}` }]);
  });

  it('Evolution: markMessageAsRead with the chat and message id, and composing on the number', async () => {
    const ids = newIds();
    await evolutionPost(payload('evolution conversation', ids));
    await idle();
    const calls = Object.fromEntries(world.evolution.presence.map((r) => [r.path, r.body]));
    expect(calls).toEqual({
      '/chat/markMessageAsRead/la-formula-ventas': { readMessages: [{ remoteJid: `${ids.number}@s.whatsapp.net`, fromMe: false, id: ids.id }] },
      '/chat/sendPresence/la-formula-ventas': { number: ids.number, presence: 'composing', delay: expect.any(Number) },
    });
    expect(world.evolution.presence.every((r) => r.headers.apikey === CHANNEL_KEYS.evolution)).toBe(true);
    expect(world.evolution.delivered()).toHaveLength(1);
  });

  it('Chatwoot: toggle_typing_status on while the bot answers, off once the reply is out', async () => {
    const ids = newIds();
    world.chatwoot.conversations.set(`3/${ids.conversation}`, 'pending');
    await chatwootPost(payload('chatwoot message_created text', ids));
    await idle();
    const typing = `/api/v1/accounts/3/conversations/${ids.conversation}/toggle_typing_status`;
    expect(world.chatwoot.presence.map((r) => [r.path, r.body])).toEqual([[typing, { typing_status: 'on' }], [typing, { typing_status: 'off' }]]);
    const [reply] = world.chatwoot.messagesTo(3, ids.conversation);
    // "On" is started before the turn and never waited for; "off" follows the reply.
    expect(world.chatwoot.presence[1].seq).toBeGreaterThan(reply.seq);
  });

  it('never lets a failing receipt or typing call block or fail the reply', async () => {
    world.graph.failPresence(5, 500);
    world.evolution.failPresence(5, 400);
    const a = newIds();
    const b = newIds();
    await signedCloud(payload('whatsapp text', a));
    await evolutionPost(payload('evolution conversation', b));
    await idle();
    expect(world.graph.presence.length).toBeGreaterThan(0);
    expect(world.graph.delivered()).toHaveLength(1);
    expect(world.evolution.delivered()).toHaveLength(1);
    expect(world.graph.presence).toHaveLength(1); // never retried
  });

  it('sends none during a handoff, and none when the bot turns them off in bot.yaml', async () => {
    const paused = newIds();
    await evolutionPost(payload('evolution conversation', next(paused, 0)));
    await idle();
    await updateSession(world.db, evoSession(paused), { mode: 'human' });
    world.reset();
    await evolutionPost(payload('evolution conversation', next(paused, 1)));
    await idle();
    expect((await getSession(world.db, evoSession(paused)))!.mode).toBe('human');
    expect(world.evolution.presence).toEqual([]);

    await withChannelSettings({ read_receipts: false, typing: false }, async () => {
      await signedCloud(payload('whatsapp text', newIds()));
      await evolutionPost(payload('evolution conversation', newIds()));
      await idle();
    });
    expect(world.graph.presence).toEqual([]);
    expect(world.evolution.presence).toEqual([]);
    expect(world.graph.delivered()).toHaveLength(1);

    world.reset();
    await withChannelSettings({ evolution: { ...settings().channels?.evolution, typing: false } }, async () => {
      await evolutionPost(payload('evolution conversation', newIds()));
      await idle();
    });
    expect(world.evolution.presence.map((r) => r.path)).toEqual(['/chat/markMessageAsRead/la-formula-ventas']);
  });
});

// ---------------------------------------------------------------- metrics

describe('channel metrics', () => {
  const scrape = async () => {
    const res = await fetch(`${world.server.base}/metrics`, { headers: { authorization: `Bearer ${ADMIN}` } });
    expect(res.status).toBe(200);
    return parsePrometheusTextFormat(await res.text());
  };
  const value = (families: Awaited<ReturnType<typeof scrape>>, name: string, labels: Record<string, string>) =>
    Number(families.find((f) => f.name === name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value ?? 0);

  it('counts deliveries by channel and outcome, messages by kind and handling, and presence calls', async () => {
    const before = await scrape();
    await signedCloud(payload('whatsapp text', newIds()));
    await idle();
    world.graph.failNext(1, { status: 400 }); // not retryable: failed at once
    await signedCloud(payload('whatsapp text', newIds()));
    await evolutionPost(payload('evolution stickerMessage', newIds()));
    await idle();
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) => value(after, name, labels) - value(before, name, labels);
    expect(delta('switchboard_channel_deliveries_total', { channel: 'whatsapp', outcome: 'sent' })).toBe(1);
    expect(delta('switchboard_channel_deliveries_total', { channel: 'whatsapp', outcome: 'failed' })).toBe(1);
    expect(delta('switchboard_channel_messages_total', { channel: 'whatsapp', kind: 'text', handling: 'turn' })).toBe(2);
    expect(delta('switchboard_channel_messages_total', { channel: 'evolution', kind: 'sticker', handling: 'record' })).toBe(1);
    expect(delta('switchboard_channel_presence_total', { channel: 'whatsapp', outcome: 'sent' })).toBe(2);
    expect(delta('switchboard_channel_presence_total', { channel: 'evolution', outcome: 'sent' })).toBe(1);
  });
});
