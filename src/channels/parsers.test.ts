// Webhook parsing and signature checks of the three providers, on the payload shapes they send.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseChatwootWebhook, verifyChatwootSignature } from './chatwoot.ts';
import { parseEvolutionWebhook } from './evolution.ts';
import { parseCloudWebhook, verifyMetaSignature } from './whatsapp.ts';

describe('parseEvolutionWebhook', () => {
  const upsert = (data: object, extra: object = {}) => ({ event: 'messages.upsert', instance: 'tienda', data, ...extra });
  const key = (over: object = {}) => ({ remoteJid: '5491155556666@s.whatsapp.net', fromMe: false, id: 'ABC', ...over });

  it('reads plain, extended, wrapped and button texts', () => {
    const texts = [
      { conversation: ' hola ' },
      { extendedTextMessage: { text: 'hola' } },
      { ephemeralMessage: { message: { extendedTextMessage: { text: 'hola' } } } },
      { buttonsResponseMessage: { selectedDisplayText: 'hola' } },
    ];
    for (const message of texts) {
      const [p] = parseEvolutionWebhook(upsert({ key: key(), pushName: 'Lu', message }), 'bot-a');
      expect(p).toEqual({
        kind: 'message',
        message: {
          channel: 'evolution',
          bot: 'bot-a',
          providerId: 'ABC',
          contactKey: '5491155556666',
          phoneNumber: '5491155556666',
          name: 'Lu',
          ...('buttonsResponseMessage' in message ? { kind: 'button' } : {}),
          text: 'hola',
          chatId: '5491155556666@s.whatsapp.net',
          address: { channel: 'evolution', instance: 'tienda', number: '5491155556666' },
        },
      });
    }
  });

  it('accepts the upper-case event name and data arrays', () => {
    const parsed = parseEvolutionWebhook({ event: 'MESSAGES_UPSERT', instance: 'tienda', data: [{ key: key({ id: '1' }), message: { conversation: 'a' } }, { key: key({ id: '2' }), message: { conversation: 'b' } }] }, 'x');
    expect(parsed.map((p) => (p.kind === 'message' ? p.message.text : p.kind === 'ignored' ? p.reason : p.kind))).toEqual(['a', 'b']);
  });

  it('reads a media caption as the text, with the media kind', () => {
    const [p] = parseEvolutionWebhook(upsert({ key: key(), message: { imageMessage: { caption: 'mirá', mimetype: 'image/jpeg' } }, messageType: 'imageMessage' }), 'x');
    expect(p).toMatchObject({ kind: 'message', message: { text: 'mirá', kind: 'image' } });
  });

  it('uses the phone JID behind a LID address, and ignores what is not a one-to-one customer message', () => {
    const [lid] = parseEvolutionWebhook(upsert({ key: key({ remoteJid: '123456789@lid', senderPn: '5491100001111@s.whatsapp.net' }), message: { conversation: 'hola' } }), 'x');
    expect(lid).toMatchObject({ kind: 'message', message: { phoneNumber: '5491100001111' } });
    // Evolution 2.3 with LID addressing: the phone JID comes as remoteJidAlt.
    const [alt] = parseEvolutionWebhook(upsert({ key: key({ remoteJid: '207441938174531@lid', remoteJidAlt: '5491100002222@s.whatsapp.net', addressingMode: 'lid' }), message: { conversation: 'hola' } }), 'x');
    expect(alt).toMatchObject({ kind: 'message', message: { phoneNumber: '5491100002222', address: { number: '5491100002222' } } });
    // Sent from the business number: kept as the owner's reply, never a customer message to answer.
    expect(parseEvolutionWebhook(upsert({ key: key({ fromMe: true }), message: { conversation: 'hola' } }), 'x')[0]).toMatchObject({ kind: 'message', message: { note: { kind: 'owner_reply' } } });
    // Only an @lid id: answered at that id, without a phone number.
    const [lidOnly] = parseEvolutionWebhook(upsert({ key: key({ remoteJid: '207441938174531@lid', addressingMode: 'lid' }), message: { conversation: 'hola' } }), 'x');
    expect(lidOnly).toMatchObject({ kind: 'message', message: { phoneNumber: null, contactKey: '207441938174531@lid', address: { number: '207441938174531@lid' } } });
    const ignored = [
      upsert({ key: key({ fromMe: true }), message: { reactionMessage: { text: '👍' } } }),
      upsert({ key: key({ remoteJid: '1203630@g.us' }), message: { conversation: 'hola' } }),
      upsert({ key: key({ remoteJid: '120363198765432101@newsletter' }), message: { conversation: 'hola' } }),
      upsert({ key: key({ remoteJid: 'status@broadcast' }), message: { conversation: 'hola' } }),
      upsert({ key: key(), message: { conversation: '   ' } }),
      { event: 'messages.update', instance: 'tienda', data: {} },
    ];
    for (const body of ignored) expect(parseEvolutionWebhook(body, 'x')[0].kind).toBe('ignored');
  });

  it("follows the bot's instance: another instance is ignored, none at all is explained", () => {
    const body = upsert({ key: key(), message: { conversation: 'hola' } });
    expect(parseEvolutionWebhook(body, 'x', 'otra')[0]).toMatchObject({ kind: 'ignored', reason: expect.stringMatching(/instance 'tienda'/) });
    expect(parseEvolutionWebhook({ ...body, instance: undefined }, 'x')[0]).toMatchObject({ kind: 'ignored', reason: expect.stringMatching(/EVOLUTION_INSTANCE/) });
    expect(parseEvolutionWebhook({ ...body, instance: undefined }, 'x', 'propia')[0]).toMatchObject({ kind: 'message', message: { address: { instance: 'propia' } } });
  });
});

describe('WhatsApp Cloud API', () => {
  const secret = 's3cret';
  const raw = Buffer.from('{"object":"whatsapp_business_account"}');
  const sig = (body: Buffer, key = secret) => `sha256=${createHmac('sha256', key).update(body).digest('hex')}`;

  it('verifies X-Hub-Signature-256 over the exact bytes', () => {
    expect(verifyMetaSignature(raw, sig(raw), secret)).toBe(true);
    expect(verifyMetaSignature(Buffer.from(`${raw} `), sig(raw), secret)).toBe(false);
    expect(verifyMetaSignature(raw, sig(raw, 'other'), secret)).toBe(false);
    expect(verifyMetaSignature(raw, sig(raw).slice(0, 20), secret)).toBe(false);
    expect(verifyMetaSignature(raw, sig(raw).slice(7), secret)).toBe(false);
    expect(verifyMetaSignature(raw, undefined, secret)).toBe(false);
  });

  const body = (phoneNumberId: string, messages: object[], statuses: object[] = []) => ({
    object: 'whatsapp_business_account',
    entry: [{ id: 'W', changes: [{ field: 'messages', value: { metadata: { phone_number_id: phoneNumberId }, contacts: [{ wa_id: '5491100000000', profile: { name: 'Ana' } }], messages, statuses } }] }],
  });
  const msg = (over: object) => ({ from: '5491100000000', id: 'wamid.1', timestamp: '1', ...over });
  const none = () => undefined;

  it('reads text, button and list replies; media without a caption has no text; a reaction is kept with its emoji', () => {
    const parsed = parseCloudWebhook(
      body('111', [
        msg({ type: 'text', text: { body: 'hola' } }),
        msg({ id: 'wamid.2', type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'b', title: 'Sí' } } }),
        msg({ id: 'wamid.3', type: 'interactive', interactive: { type: 'list_reply', list_reply: { id: 'l', title: 'Whey' } } }),
        msg({ id: 'wamid.4', type: 'audio', audio: { id: 'M' } }),
        msg({ id: 'wamid.5', type: 'reaction', reaction: { emoji: '👍' } }),
      ]),
      { pathBot: 'bot-a', botOfNumber: none },
    );
    expect(parsed.map((p) => (p.kind === 'message' ? (p.message.text ?? `[${p.message.kind}${p.message.detail ? ` ${p.message.detail}` : ''}]`) : 'ignored'))).toEqual(['hola', 'Sí', 'Whey', '[audio]', '[reaction 👍]']);
    expect(parsed[0]).toMatchObject({ kind: 'message', message: { name: 'Ana', address: { channel: 'whatsapp', phoneNumberId: '111', to: '5491100000000' } } });
  });

  it('routes by phone_number_id and refuses numbers of another bot', () => {
    const map = (id: string) => ({ '111': 'bot-a', '222': 'bot-b' })[id];
    const text = [msg({ type: 'text', text: { body: 'hola' } })];
    expect(parseCloudWebhook(body('222', text), { botOfNumber: map })[0]).toMatchObject({ kind: 'message', message: { bot: 'bot-b' } });
    expect(parseCloudWebhook(body('222', text), { pathBot: 'bot-a', botOfNumber: map })[0]).toMatchObject({ kind: 'ignored', reason: expect.stringMatching(/belongs to bot 'bot-b'/) });
    expect(parseCloudWebhook(body('333', text), { pathBot: 'bot-a', botOfNumber: map })[0]).toMatchObject({ kind: 'message', message: { bot: 'bot-a' } });
    expect(parseCloudWebhook(body('333', text), { botOfNumber: map })[0]).toMatchObject({ kind: 'ignored', reason: expect.stringMatching(/WHATSAPP_PHONE_NUMBER_IDS/) });
  });

  it('reports failed deliveries with their error, and ignores the other statuses', () => {
    const failed = { id: 'wamid.OUT', status: 'failed', timestamp: '1', recipient_id: '5491100000000', errors: [{ code: 131047, title: 'Re-engagement message', message: 'Re-engagement message', error_data: { details: 'More than 24 hours have passed' } }] };
    expect(parseCloudWebhook(body('111', [], [failed, { id: 'wamid.2', status: 'delivered' }]), { botOfNumber: none })).toEqual([
      { kind: 'delivery-status', channel: 'whatsapp', providerMessageId: 'wamid.OUT', status: 'failed', code: '131047', error: '131047 Re-engagement message More than 24 hours have passed' },
      { kind: 'ignored', reason: "status 'delivered'" },
    ]);
  });

  it('answers a customer known only by a business-scoped user id, and sends to that id', () => {
    const b = body('111', [{ from_user_id: 'BR.1502576394655843', id: 'wamid.U', timestamp: '1', type: 'text', text: { body: 'oi' } }]);
    (b.entry[0].changes[0].value as Record<string, unknown>).contacts = [{ user_id: 'BR.1502576394655843', profile: { name: 'Bia', username: '@bia' } }];
    expect(parseCloudWebhook(b, { pathBot: 'bot-a', botOfNumber: none })[0]).toMatchObject({
      kind: 'message',
      message: { contactKey: 'BR.1502576394655843', phoneNumber: null, name: 'Bia', address: { to: 'BR.1502576394655843', kind: 'user' } },
    });
  });

  it('ignores group messages unless the bot answers groups, and then answers in the group', () => {
    const b = body('111', [msg({ group_id: 'G123', type: 'text', text: { body: 'hola' } })]);
    expect(parseCloudWebhook(b, { pathBot: 'bot-a', botOfNumber: none })[0]).toMatchObject({ kind: 'ignored', reason: expect.stringMatching(/group/) });
    expect(parseCloudWebhook(b, { pathBot: 'bot-a', botOfNumber: none, answersGroups: () => true })[0]).toMatchObject({
      kind: 'message',
      message: { contactKey: 'group-G123', phoneNumber: null, address: { to: 'G123', kind: 'group' } },
    });
  });

  it('ignores statuses and other objects', () => {
    expect(parseCloudWebhook(body('111', [], [{ id: 'wamid.1', status: 'read' }]), { pathBot: 'a', botOfNumber: none })).toEqual([{ kind: 'ignored', reason: "status 'read'" }]);
    expect(parseCloudWebhook({ object: 'page', entry: [] }, { pathBot: 'a', botOfNumber: none })[0].kind).toBe('ignored');
  });
});

describe('Chatwoot', () => {
  const message = (over: object = {}) => ({
    event: 'message_created',
    id: 9,
    content: 'hola',
    message_type: 'incoming',
    private: false,
    account: { id: 2 },
    conversation: { id: 31, status: 'pending', meta: { sender: { name: 'Sofía', phone_number: '+55 11 98888-7777' } } },
    ...over,
  });

  it('reads incoming messages with their conversation and status', () => {
    expect(parseChatwootWebhook(message(), 'bot-a')).toEqual({
      kind: 'message',
      message: {
        channel: 'chatwoot',
        bot: 'bot-a',
        providerId: '9',
        contactKey: '2:31',
        phoneNumber: '5511988887777',
        name: 'Sofía',
        text: 'hola',
        address: { channel: 'chatwoot', accountId: 2, conversationId: 31 },
        conversationStatus: 'pending',
      },
    });
    expect(parseChatwootWebhook(message({ content: null, attachments: [{ file_type: 'audio' }] }), 'b')).toMatchObject({ kind: 'message', message: { text: null, kind: 'audio' } });
  });

  it('ignores outgoing messages, notes and other events', () => {
    for (const body of [message({ message_type: 'outgoing' }), message({ message_type: 'template' }), message({ private: true }), { event: 'contact_created' }, message({ content: '' })]) {
      expect(parseChatwootWebhook(body, 'b').kind).toBe('ignored');
    }
  });

  it('reads status events, taking the account from the messages when the top level has none', () => {
    expect(parseChatwootWebhook({ event: 'conversation_status_changed', id: 31, account_id: 2, status: 'resolved' }, 'b')).toEqual({ kind: 'status', event: 'conversation_status_changed', accountId: 2, conversationId: 31, status: 'resolved' });
    expect(parseChatwootWebhook({ event: 'conversation_resolved', id: 31, status: 'open', messages: [{ account_id: 2 }] }, 'b')).toMatchObject({ kind: 'status', accountId: 2, status: 'resolved' });
    // No account anywhere (an account webhook for a conversation without messages): the channel finds it from its link.
    expect(parseChatwootWebhook({ event: 'conversation_updated', id: 31, status: 'pending' }, 'b')).toMatchObject({ kind: 'status', accountId: null, conversationId: 31 });
    expect(parseChatwootWebhook({ event: 'conversation_updated', status: 'pending' }, 'b').kind).toBe('ignored');
  });

  it('verifies X-Chatwoot-Signature over "{timestamp}.{body}" and refuses stale timestamps', () => {
    const raw = Buffer.from('{"event":"message_created"}');
    const now = 1_800_000_000;
    const sign = (ts: number, key = 'k') => `sha256=${createHmac('sha256', key).update(`${ts}.${raw}`).digest('hex')}`;
    expect(verifyChatwootSignature(raw, sign(now), String(now), 'k', now)).toBe(true);
    expect(verifyChatwootSignature(raw, sign(now, 'x'), String(now), 'k', now)).toBe(false);
    expect(verifyChatwootSignature(raw, sign(now), String(now + 1), 'k', now)).toBe(false);
    expect(verifyChatwootSignature(raw, sign(now - 600), String(now - 600), 'k', now)).toBe(false);
    expect(verifyChatwootSignature(raw, undefined, String(now), 'k', now)).toBe(false);
  });
});
