// The built-in skills' detector and decision, on the tutorial's five-intent clinic bot (examples/clinica) and on
// synthetic readings. The messages here are not in src/skills/data.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../paths.ts';
import { growthOf, superLinear } from '../nlu/testing/work.ts';
import { createSkillDetector, decideSkill, gibberish, roleRequests, skillLines, SKILL_CLASSES, type SkillDetector, type SkillReading } from './index.ts';
import { syntheticReading } from './testing.ts';

const clinic = parse(readFileSync(join(projectRoot, 'examples', 'clinica', 'bot.yaml'), 'utf8')) as {
  understanding: { fallback: string };
  intents: Record<string, { examples?: string[] }>;
};
// Without its own 'atendente' intent: requests for a person are then the skill's to recognise.
const domain = Object.fromEntries(
  Object.entries(clinic.intents)
    .filter(([id]) => id !== clinic.understanding.fallback && id !== 'atendente')
    .map(([id, c]) => [id, c.examples ?? []]),
);
const detector = createSkillDetector({ language: 'pt', domain, domainText: ['Aceitamos os convênios Unimed e Bradesco Saúde. Consultas de cardiologia e dermatologia.'] });
/** The skill a detector decides for a message, or null when it is the bot's. */
const skillOf = (d: SkillDetector) => (text: string) => {
  const r = d.read(text);
  return (r && decideSkill(r)?.kind) ?? null;
};
const kind = skillOf(detector);

describe('skill data', () => {
  it('has every skill in every language, and gibberish is the same in every process', () => {
    for (const lang of ['pt', 'es', 'vi', 'en'] as const) {
      const lines = skillLines(lang);
      // Portuguese acknowledgements are read by their words (short_replies), not trained: trained lines moved the Portuguese bots' out-of-scope readings.
      for (const c of SKILL_CLASSES) if (!(lang === 'pt' && c === 'acknowledge')) expect(lines[c].length, `${lang} ${c}`).toBeGreaterThan(5);
      expect(lines.answer.length).toBeGreaterThan(10);
    }
    expect(gibberish(5, 3)).toEqual(gibberish(5, 3));
    expect(gibberish(5, 3)).not.toEqual(gibberish(5, 4));
  });

  it('puts every role into a few frames, taking the frames in turn', () => {
    const lines = roleRequests(['o chefe', 'a dona'], ['chama {role}', 'cadê {role}?', '{role} está?', 'quero {role}']);
    expect(lines).toEqual(['chama o chefe', 'cadê o chefe?', 'o chefe está?', 'quero a dona', 'chama a dona', 'cadê a dona?']);
    expect(roleRequests(['o chefe'], [])).toEqual([]);
  });
});

describe('skill detector on a small clinic bot', () => {
  it('says "not mine" to weather, sport, arithmetic, other businesses and gibberish', () => {
    for (const text of ['amanhã vai fazer sol?', 'quem ganhou o clássico de domingo?', 'quanto é 9 vezes 7?', 'vocês vendem pneu?', 'xkqz wpflm'])
      expect(kind(text), text).toBe('out_of_scope');
  });

  it('hands a request for a person over, also after asking whether it is a bot', () => {
    for (const text of ['posso falar com alguém da recepção de verdade?', 'é robô? quero uma pessoa me atendendo']) expect(kind(text), text).toBe('human');
  });

  it('reads a request for a person that opens a later part of the message', () => {
    for (const text of ['que raiva, tem alguém aí?', 'já esperei demais. quero falar com a recepção']) expect(kind(text), text).toBe('human');
    expect(detector.read('que raiva, tem alguém aí?')!.personRequest).toBe(true);
  });

  it('reads asking for someone by role as a request for a person', () => {
    for (const text of ['a coordenadora pode vir falar comigo?', 'o gerente tá aí hoje?', 'me chama o encarregado, por gentileza']) expect(kind(text), text).toBe('human');
  });

  it('reads a question about another thing that uses one of the bot\'s words without it', () => {
    expect(kind('a limpeza do aquário dos peixes precisa de produto especial?')).toBe('out_of_scope');
    expect(kind('quero fazer uma limpeza nos dentes amanhã')).toBeNull();
  });

  it("knows other topics' things by name without training on them (topic_words), unless the bot names them", () => {
    expect(skillLines('pt').topic.length).toBeGreaterThan(100);
    expect(kind('o liquidificador quebrou a hélice')).toBe('out_of_scope');
    expect(detector.read('o liquidificador quebrou a hélice')!.offTopicWords).toContain('liquidificador');
    const withIt = createSkillDetector({ language: 'pt', domain: { ...domain, loja: ['vocês consertam liquidificador?', 'liquidificador com defeito', 'quanto fica o conserto do liquidificador'] } });
    expect(withIt.read('o liquidificador quebrou a hélice')!.offTopicWords).toEqual([]);
    // Vietnamese names of several syllables are known by their pairs.
    const vi = createSkillDetector({ language: 'vi', domain: { mua: ['shop có váy đỏ không', 'áo thun size m còn không', 'quần jean giá bao nhiêu'] } });
    expect(vi.read('tủ lạnh chạy ồn ào cả đêm')!.offTopicWords).toContain('tu lanh');
  });

  it('leaves the bot its own messages, short answers and anything naming its things', () => {
    for (const text of ['quero marcar uma consulta com o cardiologista', 'vocês atendem unimed?', 'sim', 'amanhã às 10h', 'e dermatologia, tem?']) expect(kind(text), text).toBeNull();
  });
});

describe('values in a message', () => {
  it('counts a number said in words (from two on) as a value the bot may be collecting', () => {
    expect(detector.read('seis pessoas')?.hasValue).toBe(true);
    expect(detector.read('somos quatro')?.hasValue).toBe(true);
    expect(detector.read('quero falar com uma pessoa')?.hasValue).toBe(false);
    expect(kind('quero falar com uma pessoa')).toBe('human');
  });
});

describe('small talk', () => {
  it('tells thanks from an answer with something in it', () => {
    expect(kind('muitíssimo obrigada')).toBe('thanks');
    expect(kind('ok, e quanto fica o clareamento?')).toBeNull();
  });

  it('tells an acknowledgement from an answer (Spanish)', () => {
    const es = createSkillDetector({ language: 'es', domain: { turno: ['quiero sacar un turno', 'tienen turno para mañana?', 'quiero reservar con la dentista'], precio: ['cuánto sale la limpieza?', 'qué obras sociales aceptan?', 'cuánto cuesta el blanqueamiento?'] } });
    expect(decideSkill(es.read('ah, ya entendí')!)?.kind).toBe('acknowledge');
    expect(decideSkill(es.read('ok, y cuánto sale el blanqueamiento?')!)).toBeNull();
  });

  it("does not count the bot's own name as a word of its domain", () => {
    // A bot whose customers often call it by its name: without `names` that name reads as the bot's business.
    const named = { ...domain, agenda: ['Lumiara, tem horário amanhã?', 'oi Lumiara, quero remarcar', 'Lumiara me ajuda a agendar'] };
    const plain = createSkillDetector({ language: 'pt', domain: named });
    const aware = createSkillDetector({ language: 'pt', domain: named, names: ['Lumiara'] });
    const text = 'valeu demais, Lumiara';
    expect(plain.read(text)!.domainWords).not.toEqual([]);
    expect(aware.read(text)!.domainWords).toEqual([]);
    expect(decideSkill(aware.read(text)!)?.kind).toBe('thanks');
  });

  it('never counts an article, a preposition or a pronoun as a word of its domain', () => {
    // A bot whose examples keep saying "pela"/"pelo" ("marcar pela manhã", "pagar pelo app").
    const chatty = { ...domain, agenda: ['dá pra marcar pela manhã?', 'quero agendar pelo aplicativo', 'tem horário pela tarde?', 'remarco pelo site?'] };
    const detector = createSkillDetector({ language: 'pt', domain: chatty });
    expect(detector.read('paguei a conta de água pelo banco')!.domainWords).toEqual([]);
  });
});

describe('decideSkill', () => {
  const reading = syntheticReading;

  it('needs a surer reading when the message names the bot\'s things or carries a value', () => {
    expect(decideSkill(reading('out_of_scope', 0.85))?.kind).toBe('out_of_scope');
    expect(decideSkill(reading('out_of_scope', 0.7))).toBeNull();
    // A word the bot's examples keep using protects the message unless the detector is all but sure; a weak one
    // (its knowledge's, or a single example's) only asks for a surer reading.
    expect(decideSkill(reading('out_of_scope', 0.9, { domainWords: ['consult'], strongDomainWord: true }))).toBeNull();
    expect(decideSkill(reading('out_of_scope', 0.97, { domainWords: ['consult'], strongDomainWord: true }))?.kind).toBe('out_of_scope');
    expect(decideSkill(reading('out_of_scope', 0.7, { domainWords: ['viaj'] }))).toBeNull();
    expect(decideSkill(reading('out_of_scope', 0.9, { domainWords: ['viaj'] }))).toBeNull();
    expect(decideSkill(reading('out_of_scope', 0.94, { domainWords: ['viaj'] }))?.kind).toBe('out_of_scope');
    // With a value as well, a weak word protects like a strong one ("22 anos, terminei o ensino médio").
    expect(decideSkill(reading('out_of_scope', 0.94, { domainWords: ['ensin'], hasValue: true }))).toBeNull();
    expect(decideSkill(reading('greeting', 0.9, { domainWords: ['viaj'] }))).toBeNull();
    expect(decideSkill(reading('out_of_scope', 0.7, { hasValue: true }))).toBeNull();
    expect(decideSkill(reading('out_of_scope', 0.9, { hasValue: true }))?.kind).toBe('out_of_scope');
    expect(decideSkill(reading('human', 0.6, { domainWords: ['entreg'] }))).toBeNull();
    expect(decideSkill(reading('human', 0.9, { domainWords: ['entreg'] }))?.kind).toBe('human');
    expect(decideSkill(reading('human', 0.6, { hasValue: true }))).toBeNull();
    expect(decideSkill(reading('human', 0.85, { domainWords: ['rend'], hasValue: true }))).toBeNull();
    expect(decideSkill(reading('domain', 0.4, { gibberish: true }))?.kind).toBe('out_of_scope');
    expect(decideSkill(reading('out_of_scope', 0.45))).toBeNull();
    expect(decideSkill(reading('domain', 0.9))).toBeNull();
  });

  it('reads a story about a person of the customer\'s own life as out of scope, unless it says the bot\'s kept words, a value, or asks for a person', () => {
    expect(decideSkill(reading('domain', 0.8, { acquaintanceFirst: true }))?.kind).toBe('out_of_scope');
    expect(decideSkill(reading('domain', 0.8, { acquaintanceFirst: true, domainWords: ['viej'] }))?.kind).toBe('out_of_scope');
    expect(decideSkill(reading('domain', 0.8, { acquaintanceFirst: true, domainWords: ['trein'], strongDomainWord: true }))).toBeNull();
    expect(decideSkill(reading('domain', 0.8, { acquaintanceFirst: true, hasValue: true }))).toBeNull();
    expect(decideSkill(reading('domain', 0.8, { acquaintanceFirst: true, personRequest: true }))?.kind).toBe('human');
  });

  it('reads a story of what a third party did as out of scope, a value in it or not, unless it says the bot\'s kept words or asks for a person', () => {
    expect(decideSkill(reading('domain', 0.9, { partyFirst: 'named' }))?.kind).toBe('out_of_scope');
    expect(decideSkill(reading('domain', 0.9, { partyFirst: 'named', hasValue: true }))?.kind).toBe('out_of_scope');
    expect(decideSkill(reading('domain', 0.9, { partyFirst: 'named', domainWords: ['creatin'], strongDomainWord: true }))).toBeNull();
    expect(decideSkill(reading('domain', 0.9, { partyFirst: 'named', personRequest: true }))?.kind).toBe('human');
  });

  it('reads a message about a business named by its own name, unknown to the bot, as out of scope whatever words of the bot\'s it says', () => {
    expect(decideSkill(reading('domain', 0.9, { otherBrand: true, domainWords: ['pedid'], strongDomainWord: true }))?.kind).toBe('out_of_scope');
    expect(decideSkill(reading('domain', 0.9, { otherBrand: true, personRequest: true }))?.kind).toBe('human');
  });

  it('reads a story of a party no text of the bot\'s names as out of scope, whatever words of the bot\'s it says', () => {
    expect(decideSkill(reading('domain', 0.9, { partyFirst: 'unknown', domainWords: ['tarjet'], strongDomainWord: true }))?.kind).toBe('out_of_scope');
    expect(decideSkill(reading('domain', 0.9, { partyFirst: 'unknown', domainWords: ['tarjet'], strongDomainWord: true, personRequest: true }))?.kind).toBe('human');
    expect(decideSkill(reading('domain', 0.9, { acquaintanceFirst: true, domainWords: ['trein'], strongDomainWord: true }))).toBeNull();
  });

  it('reads the bot\'s words beside words that never keep them company (strangers) as another sense, unless it asks for a person', () => {
    const strangers = ['quimic', 'cursinh', 'prov'];
    // Beside weak words: three strangers, or two when the detector leans out of scope.
    expect(decideSkill(reading('domain', 0.9, { domainWords: ['turm'], strangers }))?.kind).toBe('out_of_scope');
    expect(decideSkill(reading('domain', 0.9, { domainWords: ['turm'], strangers: strangers.slice(0, 2) }))).toBeNull();
    expect(decideSkill(reading('out_of_scope', 0.6, { domainWords: ['turm'], strangers: strangers.slice(0, 2) }))?.kind).toBe('out_of_scope');
    expect(decideSkill(reading('out_of_scope', 0.6, { domainWords: ['turm'], strangers: strangers.slice(0, 1) }))).toBeNull();
    // Beside a word the bot's examples keep using: only leaning out of scope, two of the strangers another topic's words.
    expect(decideSkill(reading('out_of_scope', 0.6, { domainWords: ['turm'], strongDomainWord: true, strangers, offTopicWords: ['quimic'] }))).toBeNull();
    expect(decideSkill(reading('domain', 0.9, { domainWords: ['turm'], strongDomainWord: true, strangers, offTopicWords: ['quimic', 'cursinh'] }))).toBeNull();
    expect(decideSkill(reading('out_of_scope', 0.6, { domainWords: ['turm'], strongDomainWord: true, strangers: strangers.slice(0, 2), offTopicWords: ['quimic', 'cursinh'] }))?.kind).toBe('out_of_scope');
    expect(decideSkill(reading('domain', 0.9, { domainWords: ['turm'], strangers, personRequest: true }))?.kind).toBe('human');
  });

  it('reads a message of foreign words only as out of scope when the detector leans out of scope, below the plain bar', () => {
    const foreignWords = ['lotofacil', 'acumulou'];
    expect(decideSkill(reading('out_of_scope', 0.7, { foreignWords }))?.kind).toBe('out_of_scope');
    expect(decideSkill(reading('out_of_scope', 0.7, { foreignWords: foreignWords.slice(0, 1) }))).toBeNull();
    expect(decideSkill(reading('out_of_scope', 0.5, { foreignWords }))).toBeNull();
    expect(decideSkill(reading('out_of_scope', 0.7, { foreignWords, hasValue: true }))).toBeNull();
    expect(decideSkill(reading('out_of_scope', 0.7, { foreignWords, domainWords: ['anot'] }))).toBeNull();
  });

  it('reads spam as out of scope whatever words of the bot\'s it borrows, unless it asks for a person', () => {
    expect(decideSkill(reading('domain', 0.99, { spam: true, domainWords: ['curs'], strongDomainWord: true }))).toMatchObject({ kind: 'out_of_scope', confidence: 1 });
    expect(decideSkill(reading('domain', 0.99, { spam: true, personRequest: true }))?.kind).toBe('human');
  });

  it('decides on the reading without the bot\'s words when they only pass by', () => {
    const strong = { domainWords: ['propost'], strongDomainWord: true, foreignWords: ['casament', 'bonit'] };
    expect(decideSkill(reading('domain', 0.8, { ...strong, passerBy: [{ id: 'out_of_scope', confidence: 0.9 }, { id: 'domain', confidence: 0.1 }] }))?.kind).toBe('out_of_scope');
    expect(decideSkill(reading('domain', 0.8, { ...strong, passerBy: [{ id: 'domain', confidence: 0.4 }, { id: 'out_of_scope', confidence: 0.6 }] }))).toBeNull();
    expect(decideSkill(reading('domain', 0.8, strong))).toBeNull();
    // With a value it is more likely an answer ("moved here in 2020, finished school").
    expect(decideSkill(reading('domain', 0.8, { ...strong, hasValue: true, passerBy: [{ id: 'out_of_scope', confidence: 0.9 }, { id: 'domain', confidence: 0.1 }] }))).toBeNull();
  });

  it('hands over small talk one part of which asks for a person', () => {
    const botQuestion = (more: Partial<SkillReading>) => reading('bot_question', 0.9, { scores: [{ id: 'bot_question', confidence: 0.9 }, { id: 'human', confidence: 0.05 }], ...more });
    expect(decideSkill(botQuestion({ partHuman: 0.8 }))?.kind).toBe('human');
    expect(decideSkill(botQuestion({ partHuman: 0.3 }))?.kind).toBe('bot_question');
    expect(decideSkill(botQuestion({ partHuman: 0.8, domainWords: ['entreg'] }))).toBeNull();
  });

  it('calls a message on a topic the bot never speaks of out of scope on a weaker reading', () => {
    const scores = [
      { id: 'domain', confidence: 0.7 },
      { id: 'out_of_scope', confidence: 0.25 },
    ];
    expect(decideSkill(reading('domain', 0.7, { scores, offTopicWords: ['computador'] }))?.kind).toBe('out_of_scope');
    expect(decideSkill(reading('domain', 0.7, { scores }))).toBeNull();
    // Not when it also names the bot's things, or carries a value the bot may be collecting.
    expect(decideSkill(reading('domain', 0.7, { scores, offTopicWords: ['computador'], domainWords: ['consult'] }))).toBeNull();
    expect(decideSkill(reading('domain', 0.7, { scores, offTopicWords: ['computador'], hasValue: true }))).toBeNull();
    expect(decideSkill(reading('domain', 0.9, { scores: [scores[0], { id: 'out_of_scope', confidence: 0.1 }], offTopicWords: ['computador'] }))).toBeNull();
    // With a value, on a surer reading, and only when the topic word is not itself the capitalised name.
    const surer = [
      { id: 'out_of_scope', confidence: 0.55 },
      { id: 'domain', confidence: 0.45 },
    ];
    expect(decideSkill(reading('out_of_scope', 0.55, { scores: surer, offTopicWords: ['computador'], foreignWords: ['computador'], hasValue: true }))?.kind).toBe('out_of_scope');
    expect(decideSkill(reading('out_of_scope', 0.55, { scores: surer, offTopicWords: ['computador'], foreignWords: [], hasValue: true }))).toBeNull();
  });
});

describe('newcomer trial: bot questions, other things in the bot\'s verbs, Vietnamese frame pairs', () => {
  // A small bicycle shop and a small nail salon of our own (not the example bots): the rules are the runtime's.
  const bikes = createSkillDetector({
    language: 'en',
    domain: {
      book: ['book my bike in for a service', 'can you fix my brakes on friday', 'i need my gears fixed', 'can you look at my wheel tomorrow', 'book a tune up for my road bike', 'fix a flat tire today?', 'can i drop my bike off on saturday', 'repair my chain please', 'could you adjust my derailleur', 'service for my mountain bike', 'my brakes squeak can you fix them', 'schedule a repair'],
      ask: ['how much is a tune up', 'when do you open', 'where is the shop', 'do you fix kids bikes', 'price for new brake pads', 'can i pay by card', 'how long does a service take', 'are you open sundays', 'do you sell inner tubes', 'is there parking', 'do you work on e-bikes', 'what do you charge for a wheel'],
    },
  });
  const en = skillOf(bikes);
  const nails = createSkillDetector({
    language: 'vi',
    domain: {
      dat_lich: ['chị muốn đặt lịch sơn gel', 'mai còn chỗ làm móng không em', 'đặt hẹn đắp bột chiều nay', 'cho c một slot làm móng chân', 'book lịch sơn móng tối mai', 'đặt lịch gội đầu sáng thứ 7', 'em ơi hẹn giờ làm nail giúp chị', 'tối nay còn slot không em', 'chị muốn làm móng tay lúc 3h', 'đặt lịch massage chân cuối tuần', 'có slot sơn gel thứ 6 không', 'cho chị hẹn nối móng'],
      hoi: ['sơn gel giá sao em', 'tiệm mở cửa mấy giờ', 'đắp bột bao nhiêu tiền', 'địa chỉ tiệm ở đâu sao em', 'làm móng chân mất bao lâu', 'có nhận chuyển khoản không', 'có chỗ gửi xe máy không', 'bảng giá sơn móng sao em', 'chủ nhật tiệm có mở không', 'có khuyến mãi gì không em', 'gội đầu giá nhiêu', 'vẽ móng có đẹp không em'],
    },
  });
  const vi = skillOf(nails);

  it('reads asking whether one talks to a person or a bot as a question about the bot, not a request for a person', () => {
    expect(en('am i texting a machine or an actual human here')).toBe('bot_question');
    expect(vi('shop là robot hay người thật trả lời vậy')).toBe('bot_question');
    // Asking for a person beside it still hands over.
    expect(en('are you a robot? put me through to a human please')).toBe('human');
    expect(vi('bạn là máy hả, cho mình gặp nhân viên')).toBe('human');
  });

  it('calls a request in the bot\'s own verbs about a listed thing of another topic out of scope', () => {
    expect(en('could you fix my dishwasher')).toBe('out_of_scope');
    expect(en('can you look at my truck tomorrow')).toBe('out_of_scope');
    // Not when the message also names the bot's own things, nor the bot's own requests.
    expect(en('can i ride my bike there or come by bus')).toBeNull();
    expect(en('can you fix my rear wheel on monday')).toBeNull();
  });

  it('never counts a Vietnamese pair of a pronoun or particle and a question word as the bot\'s word', () => {
    expect(nails.read('hôm nay trời mưa không sao em')!.domainWords).not.toContain('sao em');
    expect(nails.read('bảng giá sơn gel sao em')!.domainWords.length).toBeGreaterThan(0);
  });
});

describe('strangers beside the bot\'s words', () => {
  const gym = createSkillDetector({ language: 'pt', domain: { aulas: ['tem turma de boxe à noite?', 'a turma de muay thai treina no sábado?', 'quero uma turma de jiu-jitsu pra iniciante'] } });

  it('are the words no sentence of the bot\'s shares with its words in the message', () => {
    expect(gym.read('a turma de química do cursinho')!.strangers).toEqual(['quimic', 'curs']);
    expect(gym.read('a turma de boxe treina no sábado?')!.strangers).toEqual([]);
  });

  it('are not read past a bound of the bot\'s words: a message saying that many is the bot\'s', () => {
    const many = createSkillDetector({ language: 'pt', domain: { aulas: Array.from({ length: 20 }, (_, i) => `quero aula de modalidade${String.fromCharCode(97 + i)}xyz`) } });
    const all = Array.from({ length: 20 }, (_, i) => `modalidade${String.fromCharCode(97 + i)}xyz`).join(' ');
    expect(many.read(`${all} cursinho química vestibular`)!.strangers).toEqual([]);
    expect(many.read('modalidadeaxyz cursinho química vestibular')!.strangers.length).toBeGreaterThan(0);
  });
});

describe('the detector on a long message', () => {
  it('does work linear in its length, whatever its shape (src/nlu/testing/work.ts)', () => {
    expect(superLinear(growthOf((t) => detector.read(t))).map((g) => `${g.shape}: ×${g.ratio.toFixed(1)}`)).toEqual([]);
  });
});
