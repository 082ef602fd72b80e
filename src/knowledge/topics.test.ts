import { describe, expect, it } from 'vitest';
import type { Passage } from '../engine/types.ts';
import { createTopicRouter, isTopicSection, writesWithDiacritics } from './topics.ts';

const passage = (heading: string, content: string): Passage => ({ doc: 'd', heading, content, score: 0 });
const opening = passage('Giờ mở cửa', 'Tiệm mở cửa từ 9h đến 21h mỗi ngày, kể cả chủ nhật.');
const delivery = passage('Giao bánh tận nơi', 'Bánh kem được giao trong nội thành, phí giao 20.000₫.');
const cakes = passage('Bánh kem sinh nhật', 'Bánh kem bắp, bánh kem dâu, đặt trước một ngày.');

const router = createTopicRouter({
  topics: [
    { section: 'Giao bánh', cues: ['giao|ship + phí|bao nhiêu', 'giao tận nơi'] },
    { section: 'Giờ mở cửa', cues: ['?mấy giờ', 'mở cửa'] },
  ],
  expansions: { ko: 'không', bn: 'bao nhiêu' },
  stopwords: 'tiệm ơi có không bao nhiêu vậy ạ',
  domainPhrases: ['bánh kem'],
});

describe('createTopicRouter', () => {
  it('maps a question to a section by its cues, with or without diacritics and abbreviations', () => {
    expect(router.detectTopic('ship tới quận 7 phí bn vậy')?.section).toBe('Giao bánh');
    expect(router.detectTopic('tiem mo cua toi may gio')?.section).toBe('Giờ mở cửa');
    expect(router.detectTopic('hôm nay trời đẹp ghê')).toBeUndefined();
  });

  it('keeps the alternatives of a /regex/ cue inside it, beside phrase alternatives', () => {
    const parking = createTopicRouter({ topics: [{ section: 'Estacionamiento', cues: ['/\\b(?:carros?|coches?)\\b/|valet + donde|cuanto'] }] });
    expect(parking.detectTopic('donde dejo el coche?')?.section).toBe('Estacionamiento');
    expect(parking.detectTopic('cuanto sale el valet')?.section).toBe('Estacionamiento');
    expect(parking.detectTopic('donde queda?')).toBeUndefined();
  });

  it('a weak cue picks a section only when weak cues are allowed', () => {
    expect(router.detectTopic('mấy giờ rồi')?.section).toBe('Giờ mở cửa');
    expect(router.detectTopic('mấy giờ rồi', { strongOnly: true })).toBeUndefined();
  });

  it('a word typed with diacritics keeps its meaning when the customer writes with them', () => {
    expect(router.detectTopic('cửa kính bị mờ cửa sổ')).toBeUndefined();
    expect(router.detectTopic('mờ cửa lúc nào')).toBeUndefined(); // "mờ" (blurred) is not "mở" (open)
    expect(router.detectTopic('mo cua luc nao')?.section).toBe('Giờ mở cửa');
  });

  it('ranks the topic section first, then by shared words; a passage sharing too little is dropped', () => {
    expect(router.rankPassages('phí giao bánh', [opening, cakes, delivery], router.detectTopic('phí giao bánh')).map((p) => p.heading)[0]).toBe('Giao bánh tận nơi');
    expect(router.rankPassages('chủ nhật tiệm mở cửa không', [cakes, opening]).map((p) => p.heading)).toEqual(['Giờ mở cửa']);
    // the domain phrase is in every passage: sharing only it is no answer
    expect(router.rankPassages('bánh kem có ngon không', [delivery, cakes])).toEqual([]);
  });

  it('helpers: the section a passage is, how the customer writes', () => {
    expect(isTopicSection(opening, router.topics[1])).toBe(true);
    expect(writesWithDiacritics(router.words('mở cửa mấy giờ'))).toBe(true);
    expect(writesWithDiacritics(router.words('mo cua may gio ko'))).toBe(false);
  });
});

describe('createTopicRouter with stems, thresholds and overview sections', () => {
  const p = (heading: string, content: string): Passage => ({ doc: 'd', heading, content, score: 0 });
  const overview = p('O que é o clube', 'Um clube de natação para todas as idades.');
  const signUp = p('Como se inscrever', 'A inscrição é feita no balcão.');
  const lockers = p('Armários', 'Os armários aceitam moedas; traga cadeado para o armário.');
  const stemmed = createTopicRouter({ topics: [], stopwords: 'o a os as de do da me como que é quero saber clube', stem: 5, minWordLength: 4, minWords: 1, minScore: 1, overview: ['O que é'] });
  const plain = createTopicRouter({ topics: [], stopwords: 'o a os as de do da me como que é quero saber clube' });

  it('compares words by their stems, accents and a plural aside', () => {
    expect(stemmed.contentWords('quero saber das inscrições')).toEqual(['inscr']);
    expect(stemmed.rankPassages('como me inscrevo?', [lockers, signUp])).toEqual([signUp]);
    expect(plain.rankPassages('como me inscrevo?', [lockers, signUp])).toEqual([]);
  });

  it('one shared word is enough when minWords and minScore say so', () => {
    expect(stemmed.rankPassages('e os armarios?', [signUp, lockers])).toEqual([lockers]);
    expect(plain.rankPassages('e os armarios?', [signUp, lockers])).toEqual([]);
  });

  it('words shorter than minWordLength say nothing', () => {
    expect(stemmed.contentWords('e a lei?')).toEqual([]);
    expect(plain.contentWords('e a lei?')).toEqual(['lei']);
  });

  it('a question naming no subject gets the overview section', () => {
    expect(stemmed.rankPassages('o que é o clube?', [signUp, lockers, overview])).toEqual([overview]);
    expect(stemmed.rankPassages('quero saber dos armários', [overview, lockers])).toEqual([lockers]);
  });
});

describe('a topic picked by a general cue and the section about the question\'s subject', () => {
  const careTee = passage('Giặt áo thun, áo polo', 'Giặt nước lạnh, lộn trái áo để giữ hình in.');
  const careShirt = passage('Giặt và ủi áo sơ mi', 'Cài cúc, giặt nhẹ, ủi khi áo còn ẩm.');
  const refunds = passage('Đổi size, đổi màu', 'Đổi size miễn phí một lần nếu còn hàng.');
  const sizes = passage('Bảng size áo thun', 'S, M, L theo chiều cao và cân nặng.');
  const care = createTopicRouter({
    topics: [
      { section: 'Đổi size', cues: ['đổi size'] },
      { section: 'Giặt áo thun', cues: ['giặt', 'ủi'] },
    ],
    stopwords: 'shop thế nào cho không sao',
  });

  it('gives way when the topic\'s section names a sibling of the question\'s phrase ("áo thun" for "áo sơ mi")', () => {
    const topic = care.detectTopic('giặt áo sơ mi thế nào cho khỏi nhăn');
    expect(topic?.section).toBe('Giặt áo thun');
    expect(care.rankPassages('giặt áo sơ mi thế nào cho khỏi nhăn', [careTee, careShirt], topic)[0]).toBe(careShirt);
    expect(care.rankPassages('ui ao so mi sao cho phang', [careTee, careShirt], care.detectTopic('ui ao so mi sao cho phang'))[0]).toBe(careShirt);
  });

  it('keeps the topic\'s section when the question names what it is about, or when it names no sibling', () => {
    expect(care.rankPassages('giặt áo thun có bị co không', [careShirt, careTee], care.detectTopic('giặt áo thun có bị co không'))[0]).toBe(careTee);
    // "size áo" is in the size table's heading, but the exchange section names no other "size …"
    expect(care.rankPassages('đổi size áo thun được không', [sizes, refunds], care.detectTopic('đổi size áo thun được không'))[0]).toBe(refunds);
  });
});
