// fashion-vn over HTTP against the Saleor-compatible dev server (the real schema over the shop's Vietnamese
// catalogue): a grey hoodie, the other colours as a follow-up, size advice from a height and weight, the shirt
// passage, the return policy, an off-topic nudge; Saleor's English demo by SALEOR_DATA; Saleor down; and, with a
// model configured (the local fake speaking OpenAI's protocol), answers beyond the knowledge and entities read by it.
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelBindingFor } from '../src/llm/index.ts';
import { startFakeLlmServer, type FakeLlmServer } from './support/fake-llm-server.ts';
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

  it('with SALEOR_DEV=1 says at start-up that it serves the fake Saleor over the Vietnamese catalogue', async () => {
    const lines: string[] = [];
    const dev = await startTestServer({ only: ['fashion-vn'], env: { ...process.env, SALEOR_API_URL: '', SALEOR_DEV: '1', SALEOR_DATA: '' }, log: (line: string) => lines.push(line) });
    await dev.close();
    expect(lines.join('\n')).toMatch(/SALEOR_DEV=1: serving the FAKE Saleor over .*bots\/fashion-vn\/catalogue\/populatedb_data\.json/);
  });

  it('sells from the Vietnamese catalogue in VND: shirts, jeans, dresses, shoes with their colours, sizes and stock', async () => {
    const shirt = await s.chat('fashion-vn', { message: 'shop có áo sơ mi trắng size L không ạ' });
    expect(shirt.intents).toEqual(['purchase']);
    expect(shirt.reply).toContain('Áo sơ mi Oxford Trắng — 429.000₫ · màu: trắng, xanh dương · size còn: S, M, L, XL, XXL');
    expect(shirt.reply).not.toMatch(/USD/);
    const jeans = await s.chat('fashion-vn', { message: 'quần jean dưới 500k có mẫu nào không' });
    expect(jeans.reply).toContain('Quần jean Skinny Co Giãn — 409.000₫ — đang giảm giá, giá gốc 459.000₫ · màu: đen, xanh dương · size còn: S, M, L');
    const dress = await s.chat('fashion-vn', { message: 'có đầm dự tiệc màu đỏ size L không shop' });
    // the red satin dress is sold out in L: the size the customer wears matters more than the colour
    expect(dress.reply).toMatch(/^Shop chưa có đúng váy màu đỏ size L bạn tìm/);
    expect(dress.reply).toContain('Đầm Dự Tiệc Satin — 790.000₫ · màu: đỏ, đen');
    const glasses = await s.chat('fashion-vn', { message: 'kính râm vuông classic còn hàng không' });
    expect(glasses.reply).toContain('Kính râm Vuông Classic — 350.000₫ · tạm hết hàng');
  });

  it('finds the grey hoodies, the other colours, none left, the return policy, and nudges back after an off-topic question', async () => {
    const a = await s.chat('fashion-vn', { message: 'shop ơi có áo hoodie màu xám size M không ạ?' });
    expect(a.intents).toEqual(['purchase']);
    expect(a.reply).toMatch(/^Shop có 3 mẫu áo hoodie màu xám size M/);
    expect(a.reply).toContain('Áo hoodie Zip Urban — 529.000₫ · màu: đen, xám · size còn: M, L, XL');
    expect(a.reply).toMatch(/Bạn có muốn hỏi thêm gì không\?$/);
    const next = (message: string) => s.chat('fashion-vn', { sessionId: a.sessionId, sessionToken: a.sessionToken, message });

    // the hoodies shown come in other colours too: those are listed, the grey left out
    const b = await next('còn màu khác không shop?');
    expect(b.intents).toEqual(['purchase']);
    expect(b.reply).toMatch(/^Ngoài màu xám, áo hoodie size M còn màu đen, trắng, hồng, xanh lá, nâu, xanh dương, be nè:/);
    expect(b.reply).toContain('Áo hoodie Zip Urban — 529.000₫ · màu: đen · size còn: M, L, XL');
    // its beige is sold out in M
    expect(b.reply).toContain('Áo hoodie Nỉ Bông Essential — 449.000₫ · màu: đen · size còn: M, L, XL');
    expect(b.reply).not.toMatch(/màu: [^·]*xám/);
    const again = await next('còn màu nào khác nữa không');
    expect(again.reply).toMatch(/^Dạ áo hoodie size M hiện chỉ có màu xám, đen, trắng, hồng, xanh lá, nâu, xanh dương, be thôi ạ/);

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

describe('fashion-vn size advice and shop questions', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ only: ['fashion-vn'], env: { ...process.env, SALEOR_API_URL: '', SALEOR_DEV: '1' } });
  });
  afterAll(async () => s?.close());

  it('answers a height and weight with one size, or the two neighbouring ones, never the whole size table', async () => {
    const one = await s.chat('fashion-vn', { message: 'mình cao 1m65 nặng 55kg mặc size gì?' });
    expect(one.intents).toEqual(['general_fashion_inquiry']);
    expect(one.reply).toMatch(/^Với chiều cao 1m65, cân nặng 55kg, bạn mặc size M là vừa đẹp nhé/);
    expect(one.reply).not.toMatch(/\||XXL/);
    const between = await s.chat('fashion-vn', { message: 'em 168cm, 60 ký thì áo thun lấy size nào ạ' });
    expect(between.reply).toMatch(/^Với chiều cao 1m68, cân nặng 60kg, bạn nằm giữa size M và L: lấy M nếu thích mặc vừa người, L nếu thích rộng rãi/);
    // the weight decides when the two disagree; the height's size, one away, is the neighbour
    const heavier = await s.chat('fashion-vn', { message: 'cao m58 mà nặng 64kg thì mặc size gì shop' });
    expect(heavier.reply).toMatch(/cân nặng 64kg, bạn mặc size L là vừa đẹp/);
    const detail = await s.get(`/api/sessions/${one.sessionId}`, auth(OPERATOR));
    expect(detail.body.state.fashion.classification_decision).toBe('general_fashion_inquiry');
  });

  it('answers a shirt question with the shirt passage, not the T-shirt one that shares the word "áo"', async () => {
    const wash = await s.chat('fashion-vn', { message: 'giặt áo sơ mi thế nào cho khỏi nhăn vậy shop' });
    expect(wash.intents).toEqual(['general_fashion_inquiry']);
    expect(wash.reply).toMatch(/^Cài hết cúc, lộn trái/);
    expect(wash.reply).not.toMatch(/giữ hình in/);
    const iron = await s.chat('fashion-vn', { message: 'ủi áo sơ mi linen sao cho phẳng' });
    expect(iron.reply).toMatch(/Ủi lúc áo còn ẩm/);
    const style = await s.chat('fashion-vn', { message: 'áo sơ mi trắng phối với quần gì thì hợp' });
    expect(style.reply).toMatch(/^Sơ mi trắng hoặc xanh nhạt mặc cùng quần tây/);
    // the T-shirt question still gets the T-shirt passage
    const tee = await s.chat('fashion-vn', { message: 'áo thun trắng phối với quần gì thì hợp' });
    expect(tee.reply).toMatch(/^Áo thun trắng là món cơ bản nhất/);
  });
});

describe("fashion-vn on Saleor's English demo catalogue (SALEOR_DATA)", () => {
  it('the local Saleor server loads the demo catalogue when SALEOR_DATA names it', async () => {
    const lines: string[] = [];
    const demo = resolve(import.meta.dirname, '../../shared/saleor/populatedb_data.json');
    const s = await startTestServer({ only: ['fashion-vn'], env: { ...process.env, SALEOR_API_URL: '', SALEOR_DEV: '1', SALEOR_DATA: demo }, log: (line: string) => lines.push(line) });
    try {
      const r = await s.chat('fashion-vn', { message: 'có áo hoodie không shop' });
      expect(r.reply).toMatch(/Grey Hoodie — 30 USD \(~750\.000₫\)/);
      expect(r.reply).not.toMatch(/Áo hoodie Zip Urban/);
      expect(lines.join('\n')).toContain(`serving the FAKE Saleor over ${demo}`);
    } finally {
      await s.close();
    }
  });
});

describe('fashion-vn with a model (the local fake speaking the OpenAI protocol)', () => {
  let fake: FakeLlmServer;
  let s: TestServer;
  beforeAll(async () => {
    fake = await startFakeLlmServer();
    s = await startTestServer({
      only: ['fashion-vn'],
      modelFactory: modelBindingFor,
      env: { ...process.env, SALEOR_API_URL: '', SALEOR_DEV: '1', SWITCHBOARD_MODEL: 'openai:gpt-4o-mini', OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'test', SWITCHBOARD_LLM_TIMEOUT_MS: '10000' },
    });
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });

  it('answers a fashion question no passage answers from the model, told not to state the shop\'s facts', async () => {
    const answer = 'Năm nay tông màu đất và dáng rộng thoải mái đang được ưa chuộng, bạn có thể thử phối áo sơ mi linen với quần ống rộng nhé.';
    fake.respond = (req) => (/documents do not answer/.test(req.text) ? { text: answer } : { text: 'không dùng' });
    fake.requests.length = 0;
    const r = await s.chat('fashion-vn', { message: 'xu hướng thời trang năm nay là gì vậy shop' });
    expect(r.intents).toEqual(['general_fashion_inquiry']);
    expect(r.reply).toContain(answer);
    expect(r.reply).not.toMatch(/chưa có thông tin chính xác/);
    const sent = fake.requests.find((q) => /documents do not answer/.test(q.text));
    expect(sent, 'a model call beyond the knowledge').toBeTruthy();
    expect(sent!.text).toMatch(/Do not state prices, stock, policies/);
    expect(sent!.text).toContain('xu hướng thời trang năm nay');
  });

  it('a question the documents answer is still answered from its passage', async () => {
    fake.respond = (req) => (/\[1\]/.test(req.text) && /7 ngày/.test(req.text) ? { text: 'Dạ shop cho đổi trả trong 7 ngày ạ.' } : { text: 'sai' });
    const r = await s.chat('fashion-vn', { message: 'đổi trả trong mấy ngày vậy shop' });
    expect(r.reply).toMatch(/^Dạ shop cho đổi trả trong 7 ngày ạ\./);
  });

  it('lets the model read what the gazetteers miss: a colour said another way joins the search', async () => {
    fake.respond = (req) => (/Read the customer's message/.test(req.text) ? { json: { color: 'green', size: null, material: null, price: null, product_type: null } } : { text: 'ok' });
    fake.requests.length = 0;
    const r = await s.chat('fashion-vn', { message: 'shop có áo hoodie màu lá cây non không' });
    expect(r.intents).toEqual(['purchase']);
    expect(r.reply).toMatch(/^Shop có 1 mẫu áo hoodie màu xanh lá/);
    expect(r.reply).toContain('Áo hoodie Thêu Logo Mini');
    const sent = fake.requests.find((q) => /Read the customer's message/.test(q.text))!;
    expect(sent.text).toMatch(/color: one of: white, black, grey/);
    expect(sent.text).not.toMatch(/product_type:/); // the rules read it: the model is asked only for what they missed
    const detail = await s.get(`/api/sessions/${r.sessionId}`, auth(OPERATOR));
    expect(detail.body.state.fashion.extracted_entities).toMatchObject({ product_type: 'sweatshirts', color: 'green' });
  });

  it('a value the gazetteer does not know is ignored', async () => {
    fake.respond = (req) => (/Read the customer's message/.test(req.text) ? { json: { color: 'teal' } } : { text: 'ok' });
    const r = await s.chat('fashion-vn', { message: 'có áo hoodie màu lạ lạ không shop' });
    expect(r.reply).toMatch(/^Shop có 5 mẫu áo hoodie cho bạn/);
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
