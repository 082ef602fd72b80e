// The UI message stream route against the real server, read with the AI SDK's own client code
// (DefaultChatTransport parses and validates every chunk; readUIMessageStream assembles the message).
import { DefaultChatTransport, readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, startTestServer, type TestServer } from '../../../test/support/server.ts';
import { createSession } from '../../store/index.ts';

type Chunk = UIMessageChunk & { data?: any; transient?: boolean; id?: string; messageMetadata?: any };

describe('POST /api/bots/:bot/ui-chat (AI SDK UI message stream)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ only: ['ct-smash'] });
  });
  afterAll(async () => s?.close());

  const userMessage = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });

  /** One turn through the SDK's transport: every chunk as received, and the assembled assistant message. */
  async function turn(chatId: string, messages: UIMessage[], headers: Record<string, string> = {}) {
    const transport = new DefaultChatTransport<UIMessage>({ api: `${s.url}/api/bots/ct-smash/ui-chat`, headers });
    const stream = await transport.sendMessages({ chatId, messages, trigger: 'submit-message', messageId: undefined, abortSignal: undefined });
    const [forChunks, forMessage] = stream.tee();
    const chunks: Chunk[] = [];
    const reading = (async () => {
      for await (const c of forChunks as unknown as AsyncIterable<Chunk>) chunks.push(structuredClone(c));
    })();
    let message: UIMessage | undefined;
    for await (const m of readUIMessageStream<UIMessage>({ stream: forMessage, terminateOnError: true })) message = m;
    await reading;
    return { chunks, message: message! };
  }

  const textOf = (m: UIMessage) =>
    m.parts
      .filter((p) => p.type === 'text')
      .map((p) => (p as { text: string }).text)
      .join('');

  it('streams intent, tool progress, text and the session token in protocol order', async () => {
    const { chunks, message } = await turn('ui-chat-1', [userMessage('u1', 'onde fica a CT?')]);
    const types = chunks.map((c) => c.type);
    expect(types[0]).toBe('start');
    expect(types.at(-1)).toBe('finish');
    expect(types.indexOf('data-intent')).toBeLessThan(types.indexOf('data-tool'));
    expect(types.indexOf('text-start')).toBeLessThan(types.indexOf('text-delta'));
    expect(types.indexOf('text-delta')).toBeLessThan(types.indexOf('text-end'));
    expect(chunks.find((c) => c.type === 'data-intent')!.data.intents).toEqual(['faq']);

    const tools = chunks.filter((c) => c.type === 'data-tool');
    expect(tools[0].data).toMatchObject({ tool: 'knowledgeSearch', status: 'running' });
    expect(tools.at(-1)!.data).toMatchObject({ tool: 'knowledgeSearch', status: 'done', ok: true });
    expect(tools.at(-1)!.id).toBe(tools[0].id);

    const session = chunks.find((c) => c.type === 'data-session')!;
    expect(session.transient).toBe(true);
    expect(session.data.sessionId).toBe('ui-chat-1');
    expect(session.data.sessionToken).toMatch(/\w{10,}/);

    const finish = chunks.at(-1)!;
    expect(finish.messageMetadata).toMatchObject({ sessionId: 'ui-chat-1', mode: 'bot', handoff: false, intents: ['faq'] });

    // The assembled message: the reply text and one data-tool part (updated in place), no transient session part.
    expect(textOf(message)).toMatch(/Rua|Av/);
    expect(message.parts.filter((p) => p.type === 'data-tool')).toHaveLength(1);
    expect(message.parts.some((p) => p.type === 'data-session')).toBe(false);

    // The chat id is the session id, readable with the token.
    const stored = await s.get('/api/sessions/ui-chat-1', { 'x-session-token': session.data.sessionToken });
    expect(stored.status).toBe(200);
    expect(stored.body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(stored.body.messages[1].content).toBe(textOf(message));
  });

  it('continues a conversation with its token, refuses it without, and answers a retried message id once', async () => {
    const first = await turn('ui-chat-2', [userMessage('m1', 'quanto custa a mensalidade?')]);
    const token = first.chunks.find((c) => c.type === 'data-session')!.data.sessionToken as string;
    const history: UIMessage[] = [userMessage('m1', 'quanto custa a mensalidade?'), first.message, userMessage('m2', 'quero marcar uma aula teste')];

    await expect(turn('ui-chat-2', history)).rejects.toThrow(/belongs to someone else/);

    const second = await turn('ui-chat-2', history, { 'x-session-token': token });
    expect(second.chunks.find((c) => c.type === 'data-intent')!.data.intents).toEqual(['trial']);
    expect(textOf(second.message)).toMatch(/Qual dia/);

    // useChat's retry sends the same user message id: the stored answer comes back, nothing runs twice.
    const retry = await turn('ui-chat-2', history, { 'x-session-token': token });
    expect(textOf(retry.message)).toBe(textOf(second.message));
    const stored = await s.get('/api/sessions/ui-chat-2', auth());
    expect(stored.body.messages).toHaveLength(4);

    // Tool progress carries the bot's label in the user's language.
    const third = await turn('ui-chat-2', [...history, retry.message, userMessage('m3', 'amanhã')], { 'x-session-token': token });
    const slots = third.chunks.filter((c) => c.type === 'data-tool');
    expect(slots[0].data).toEqual({ tool: 'findFreeSlots', label: 'Verificando os horários livres…', status: 'running' });
    expect(slots.at(-1)!.data).toMatchObject({ tool: 'findFreeSlots', label: 'Verificando os horários livres…', status: 'done', ok: true });
    expect(textOf(third.message)).toMatch(/terça-feira, 10\/03/);
  });

  it('tells the client when a person takes over, and stays silent while the bot is paused', async () => {
    const put = await s.put('/api/bots/ct-smash/intents', { intents: { faq: { handoff: true } } }, auth());
    expect(put.status).toBe(200);
    try {
      const first = await turn('ui-chat-3', [userMessage('h1', 'onde fica a CT?')]);
      const handoff = first.chunks.find((c) => c.type === 'data-handoff')!;
      expect(handoff.data).toEqual({ mode: 'handoff_pending', reason: 'Dúvida sobre a CT' });
      expect(textOf(first.message)).toMatch(/chamar alguém da equipe/);
      const token = first.chunks.find((c) => c.type === 'data-session')!.data.sessionToken as string;

      const paused = await turn('ui-chat-3', [userMessage('h1', 'onde fica a CT?'), first.message, userMessage('h2', 'alguém aí?')], { 'x-session-token': token });
      expect(paused.chunks.some((c) => c.type === 'text-delta')).toBe(false);
      expect(paused.chunks.find((c) => c.type === 'data-handoff')!.data.mode).toBe('handoff_pending');
      expect(paused.chunks.at(-1)!.messageMetadata).toMatchObject({ mode: 'handoff_pending', handoff: true });
    } finally {
      await s.put('/api/bots/ct-smash/intents', { intents: { faq: { handoff: false } } }, auth());
    }
  });

  it('answers with the protocol header and [DONE], and with 4xx JSON for bad requests', async () => {
    const res = await fetch(`${s.url}/api/bots/ct-smash/ui-chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'ui-chat-4', messages: [userMessage('x1', 'oi')], trigger: 'submit-message' }),
    });
    expect(res.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const raw = await res.text();
    expect(raw.trimEnd().endsWith('data: [DONE]')).toBe(true);

    const bad: [string, unknown, number, RegExp][] = [
      ['/api/bots/nope/ui-chat', { id: 'c1', messages: [userMessage('a', 'oi')] }, 404, /unknown bot/],
      ['/api/bots/ct-smash/ui-chat', { id: 'c1', messages: [{ id: 'a', role: 'assistant', parts: [{ type: 'text', text: 'oi' }] }] }, 400, /no user message/],
      ['/api/bots/ct-smash/ui-chat', { id: 'c1', messages: [{ id: 'a', role: 'user', parts: [{ type: 'file', url: 'x' }] }] }, 400, /no text part/],
      ['/api/bots/ct-smash/ui-chat', { id: 'bad id', messages: [userMessage('a', 'oi')] }, 400, /id/],
      ['/api/bots/ct-smash/ui-chat', { messages: [userMessage('a', 'oi')] }, 400, /id/],
    ];
    for (const [path, body, status, message] of bad) {
      const r = await s.post(path, body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.body.message).toMatch(message);
    }
  });

  // The route's own check before the stream opens follows the runtime's rule: a bare userId proves no one (it opens
  // only a conversation created by the same proven user), and another bot's conversation is not found. Both are a
  // plain 4xx, not a 200 stream carrying an error.
  it("refuses with a 4xx before streaming: a claimed user's conversation, another bot's conversation", async () => {
    const claimed = await s.post('/api/bots/ct-smash/chat', { sessionId: 'ui-chat-claimed', userId: 'maria', message: 'oi' });
    expect(claimed.status).toBe(200);
    const asMaria = await s.post('/api/bots/ct-smash/ui-chat', { id: 'ui-chat-claimed', userId: 'maria', messages: [userMessage('c1', 'oi de novo')] });
    expect(asMaria.status).toBe(403);
    expect(asMaria.body.message).toMatch(/belongs to someone else/);

    await createSession(s.db, { id: 'ui-chat-other-bot', bot: 'la-formula' });
    const otherBot = await s.post('/api/bots/ct-smash/ui-chat', { id: 'ui-chat-other-bot', messages: [userMessage('o1', 'oi')] }, auth());
    expect(otherBot.status).toBe(404);
    expect(otherBot.body.message).toMatch(/does not belong to bot 'ct-smash'/);
  });
});
