// fashion-vn over HTTP against the Saleor-compatible dev server (the real schema over the demo catalogue):
// a grey hoodie in size M, another colour as a follow-up, the return policy, an off-topic nudge; Saleor down.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR, auth, startTestServer, type TestServer } from './support/server.ts';

describe('fashion-vn conversation', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ only: ['fashion-vn'], env: { ...process.env, SALEOR_API_URL: '', SALEOR_DEV: '1' } });
  });
  afterAll(async () => s?.close());

  it('without SALEOR_API_URL nor SALEOR_DEV, says its catalogue is unavailable instead of serving the fake', async () => {
    const lines: string[] = [];
    const bare = await startTestServer({ only: ['fashion-vn'], env: { ...process.env, SALEOR_API_URL: '', SALEOR_DEV: '' }, log: (line: string) => lines.push(line) });
    try {
      const r = await bare.chat('fashion-vn', { message: 'shop ơi có áo hoodie màu xám size M không ạ?' });
      expect(r.intents).toEqual(['purchase']);
      expect(r.reply).toMatch(/chưa kết nối kho hàng/);
      expect(r.reply).not.toMatch(/Hoodie/);
      expect(lines.join('\n')).toMatch(/catalogue is unavailable/);
      expect(lines.join('\n')).not.toMatch(/FAKE Saleor/);
    } finally {
      await bare.close();
    }
  });

  it('with SALEOR_DEV=1 says at start-up that it serves the fake Saleor', async () => {
    const lines: string[] = [];
    const dev = await startTestServer({ only: ['fashion-vn'], env: { ...process.env, SALEOR_API_URL: '', SALEOR_DEV: '1' }, log: (line: string) => lines.push(line) });
    await dev.close();
    expect(lines.join('\n')).toMatch(/SALEOR_DEV=1: serving the FAKE Saleor/);
  });

  it('finds the grey hoodie in size M, another colour, the return policy, and nudges back after an off-topic question', async () => {
    const a = await s.chat('fashion-vn', { message: 'shop ơi có áo hoodie màu xám size M không ạ?' });
    expect(a.intents).toEqual(['purchase']);
    expect(a.reply).toMatch(/Grey Hoodie/);
    expect(a.reply).toMatch(/\$|USD|đ/);
    expect(a.reply).toMatch(/Bạn có muốn hỏi thêm gì không\?$/);
    const next = (message: string) => s.chat('fashion-vn', { sessionId: a.sessionId, sessionToken: a.sessionToken, message });

    const b = await next('còn màu khác không shop?');
    expect(b.intents).toEqual(['purchase']);
    expect(b.reply).toMatch(/Hoodie/);
    expect(b.reply).not.toMatch(/Grey Hoodie/);

    const c = await next('chính sách đổi trả của shop thế nào?');
    expect(c.intents).toEqual(['general_fashion_inquiry']);
    expect(c.reply).toMatch(/đổi|trả/i);

    const d = await next('hôm nay bóng đá ai thắng vậy?');
    expect(d.intents).toEqual(['off_topic']);
    expect(d.reply).toMatch(/thời trang/);

    const detail = await s.get(`/api/sessions/${a.sessionId}`, auth(OPERATOR));
    expect(detail.body.state.fashion).toMatchObject({ classification_decision: 'off_topic', saleor_error: null });
    expect(detail.body.state.fashion.extracted_entities).toBeTruthy();
    const nodes = detail.body.turns[0].trace.map((t: { node: string }) => t.node);
    expect(nodes).toEqual(['classify_question', 'extract_entities', 'tool:query_saleor', 'query_saleor', 'ask_to_continue', 'persist']);
  });
});

describe('fashion-vn when Saleor fails', () => {
  it('answers kindly and records saleor_error when Saleor is down', async () => {
    const s = await startTestServer({ only: ['fashion-vn'], env: { ...process.env, SALEOR_API_URL: 'http://127.0.0.1:9/graphql/' } });
    try {
      const r = await s.chat('fashion-vn', { message: 'mình muốn mua giày thể thao size 42' });
      expect(r.intents).toEqual(['purchase']);
      expect(r.reply).toMatch(/gián đoạn/);
      const detail = await s.get(`/api/sessions/${r.sessionId}`, auth(OPERATOR));
      expect(detail.body.state.fashion.saleor_error).toMatch(/network/);
    } finally {
      await s.close();
    }
  });

  it('gives up on a Saleor that never answers within its timeout', async () => {
    const hang = createServer(() => {});
    await new Promise<void>((r) => hang.listen(0, '127.0.0.1', r));
    const port = (hang.address() as { port: number }).port;
    const s = await startTestServer({ only: ['fashion-vn'], env: { ...process.env, SALEOR_API_URL: `http://127.0.0.1:${port}/graphql/`, SALEOR_TIMEOUT_MS: '300' } });
    try {
      const r = await s.chat('fashion-vn', { message: 'có áo thun trắng không shop' });
      expect(r.reply).toMatch(/gián đoạn/);
      const detail = await s.get(`/api/sessions/${r.sessionId}`, auth(OPERATOR));
      expect(detail.body.state.fashion.saleor_error).toMatch(/timeout/);
    } finally {
      await s.close();
      hang.closeAllConnections();
      hang.close();
    }
  });
});
