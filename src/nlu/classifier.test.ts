import { describe, expect, it } from 'vitest';
import { TextClassifier } from './classifier.ts';
import type { Example } from './types.ts';

const ex = (intent: string, texts: string[]): Example[] => texts.map((text) => ({ text, intent }));

// A fashion-vn-like bot (seed 001): single label, Vietnamese typed with and without tones.
const FASHION_VN: Example[] = [
  ...ex('purchase', [
    'mình muốn mua áo thun', 'cho mình đặt 2 cái áo sơ mi', 'shop còn váy đỏ không, mình lấy 1 cái', 'mua quần jean size 30',
    'em muốn đặt hàng', 'lấy cho mình cái áo khoác đen', 'mình chốt đơn nhé', 'đặt mua giày size 39', 'mua áo polo màu trắng',
    'cho em order 1 đầm', 'tôi muốn mua quần short', 'có áo hoodie không, mình mua', 'mình muốn mua 3 áo thun trắng', 'cho mình mua váy size S',
  ]),
  ...ex('general_fashion_inquiry', [
    'áo này chất liệu gì', 'size M hợp với người 60kg không', 'váy này giặt máy được không', 'màu nào đang hot năm nay',
    'phối áo sơ mi với quần gì đẹp', 'shop có chính sách đổi trả không', 'bảng size áo thế nào', 'vải cotton có nóng không',
    'áo khoác này mặc mùa đông được không', 'giày này có êm chân không', 'cách chọn size quần jean', 'ship mất mấy ngày',
    'áo này có bị phai màu không', 'đầm này đi tiệc được không',
  ]),
  ...ex('off_topic', [
    'hôm nay trời mưa quá', 'bạn có người yêu chưa', 'kể chuyện cười đi', 'giá vàng hôm nay bao nhiêu', 'đội nào vô địch world cup',
    'bạn là robot à', 'mình đói quá', 'làm bài tập toán giúp mình', 'thời tiết ngày mai thế nào', 'bạn tên gì',
    'xem phim gì hay', 'mấy giờ rồi', 'chơi game không', 'hát một bài đi',
  ]),
];

describe('TextClassifier', () => {
  const vi = new TextClassifier({ language: 'vi' });
  vi.train(FASHION_VN);

  it('restores from its snapshot with the very same predictions', () => {
    const c = new TextClassifier({ language: 'vi' });
    c.train(FASHION_VN);
    const restored = TextClassifier.fromSnapshot({ language: 'vi' }, c.toSnapshot());
    for (const text of ['mình muốn mua áo hoodie xám', 'chính sách đổi trả thế nào', 'hôm nay trời đẹp quá', 'xyz']) {
      expect(restored.predict(text)).toEqual(c.predict(text));
    }
    expect(restored.calibratedTemperature).toBe(c.calibratedTemperature);
    const bytes = c.toSnapshot();
    expect(() => TextClassifier.fromSnapshot({ language: 'vi' }, bytes.subarray(0, bytes.length - 4))).toThrow(/length/);
  });

  it('returns every intent, sorted, with probabilities that sum to 1', () => {
    const s = vi.predict('mình muốn mua áo sơ mi');
    expect(s.map((x) => x.id).sort()).toEqual(['general_fashion_inquiry', 'off_topic', 'purchase']);
    for (let i = 1; i < s.length; i++) expect(s[i - 1].confidence).toBeGreaterThanOrEqual(s[i].confidence);
    const sum = s.reduce((a, x) => a + x.confidence, 0);
    expect(sum).toBeGreaterThan(0.3);
    expect(sum).toBeLessThanOrEqual(1.0001);
    expect(s[0].id).toBe('purchase');
  });

  it.each([
    ['minh muon mua ao thun', 'purchase'],
    ['cho mk đặt 1 áo khoác nha', 'purchase'],
    ['ao nay chat lieu gi vay shop', 'general_fashion_inquiry'],
    ['chính sách đổi trả thế nào', 'general_fashion_inquiry'],
    ['hom nay troi mua qua', 'off_topic'],
    ['kể chuyện cười cho mình nghe', 'off_topic'],
  ])('vi, tones or not: %s → %s', (text, intent) => {
    expect(vi.predict(text)[0].id).toBe(intent);
  });

  it('unseen vocabulary gets low confidence', () => {
    const en = new TextClassifier({ language: 'en' });
    en.train([
      ...ex('balance', ['what is my balance', 'how much money do i have', 'check my account balance', 'show me my balance', 'balance please', 'how much is in my account']),
      ...ex('transfer', ['send money to john', 'transfer 50 dollars to my savings', 'make a transfer', 'i want to send money', 'wire money to mom', 'move money between accounts']),
    ]);
    expect(en.predict("what's my balance?")[0]).toMatchObject({ id: 'balance' });
    expect(en.predict('whats my balanse')[0].id).toBe('balance');
    expect(en.predict('transfer money to alice')[0].id).toBe('transfer');
    expect(en.predict('the quick brown fox jumps over a lazy dog')[0].confidence).toBeLessThan(0.5);
    expect(en.predict("what's my balance?")[0].confidence).toBeGreaterThan(0.5);
  });

  it('es: typos and missing accents', () => {
    const es = new TextClassifier({ language: 'es' });
    es.train([
      ...ex('horarios', ['a qué hora abren', 'cuál es el horario', 'están abiertos el domingo', 'hasta qué hora atienden', 'horarios de atención', 'abren los feriados']),
      ...ex('pedido', ['dónde está mi pedido', 'no me llegó el pedido', 'quiero rastrear mi compra', 'cuándo llega mi pedido', 'mi pedido está demorado', 'seguimiento del envío']),
    ]);
    expect(es.predict('a q hora abren??')[0].id).toBe('horarios');
    expect(es.predict('xq no me llego el pedido')[0].id).toBe('pedido');
    expect(es.predict('donde esta mi pedidoo')[0].id).toBe('pedido');
  });

  it('multi-label data trains one-vs-rest and can return several intents', () => {
    const rows: Example[] = [];
    const add = (text: string, intents: string[]) => {
      for (const intent of intents) rows.push({ text, intent });
      if (intents.length === 0) rows.push({ text, intent: '' });
    };
    add('I want to cancel my card', ['cancel', 'card']);
    add('cancel the card please', ['cancel', 'card']);
    add('my card is not working', ['card', 'broken']);
    add('the card stopped working', ['card', 'broken']);
    add('cancel my booking', ['cancel', 'booking']);
    add('I need to cancel the reservation', ['cancel', 'booking']);
    add('change my booking to friday', ['change', 'booking']);
    add('can I change the reservation', ['change', 'booking']);
    add('the app is not working', ['broken']);
    add('nothing works', ['broken']);
    add('hello there', []);
    add('thanks a lot', []);
    const m = new TextClassifier({ language: 'en', epochs: 30 });
    m.train(rows);
    expect(m.isMultiLabel).toBe(true);
    const top = m
      .predict('please cancel my card')
      .filter((s) => s.confidence >= 0.5)
      .map((s) => s.id)
      .sort();
    expect(top).toEqual(['cancel', 'card']);
  });

  // Speed is measured by `npm run bench` (training and p50 classification), not asserted here.
  it('trains on a large, repetitive example set and still reads a purchase', () => {
    const many: Example[] = [];
    for (let i = 0; i < 2000; i++) many.push({ text: `${FASHION_VN[i % FASHION_VN.length].text} ${i % 7}`, intent: FASHION_VN[i % FASHION_VN.length].intent });
    const m = new TextClassifier({ language: 'vi' });
    m.train(many);
    expect(m.predict('mình muốn mua áo thun size M')[0].id).toBe('purchase');
  });
});
