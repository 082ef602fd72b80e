import { describe, expect, it } from 'vitest';
import { botWords } from './bot-words.ts';
import { decideSkill } from './decide.ts';
import { createSkillDetector } from './detector.ts';
import { edgeProbes } from './edge-probes.ts';

const gym = {
  aula: [
    'quero fazer uma aula experimental de jiu-jitsu',
    'tem aula de jiu-jitsu pra iniciante?',
    'dá pra marcar uma aula de muay thai amanhã?',
    'queria agendar uma aula experimental de boxe',
    'a aula de boxe é de manhã ou de noite?',
    'posso levar meu filho na aula de jiu-jitsu?',
  ],
  precos: [
    'quanto custa a mensalidade do jiu-jitsu?',
    'qual o valor da mensalidade do muay thai?',
    'a mensalidade tem desconto pra família?',
    'o kimono está incluso na mensalidade?',
    'quanto fica o plano anual de boxe?',
  ],
};

describe('a bot’s own words', () => {
  it('are the distinctive words its examples keep using, names of things first, never a capitalised name', () => {
    const words = botWords({ ...gym, nota: ['anota pra Rebeca ligar', 'lembra a Rebeca do boleto', 'avisa a Rebeca'] }, 'pt');
    const said = words.map((w) => w.word);
    expect(said).toEqual(expect.arrayContaining(['mensalidade', 'jiu-jitsu', 'boxe']));
    expect(said).not.toContain('rebeca');
    expect(said).not.toContain('quanto');
    expect(words.find((w) => w.word === 'mensalidade')).toMatchObject({ phrase: 'a mensalidade', intent: 'precos', noun: true });
  });
});

describe('edge probes', () => {
  it('put the bot’s words in other topics’ frames and ask for its staff by role, the same way every time', () => {
    const probes = edgeProbes({ language: 'pt', domain: gym, roles: ['o faixa preta'] });
    expect(edgeProbes({ language: 'pt', domain: gym, roles: ['o faixa preta'] })).toEqual(probes);
    const other = probes.filter((p) => p.kind === 'other_topic');
    expect(other.length).toBeGreaterThanOrEqual(15);
    expect(new Set(other.map((p) => p.topic)).size).toBeGreaterThanOrEqual(4);
    for (const p of other) expect(p.text).toContain(p.word!);
    expect(other.every((p) => p.expect === 'out_of_scope')).toBe(true);
    const staff = probes.filter((p) => p.kind === 'staff');
    expect(staff.some((p) => /o professor de jiu-jitsu/.test(p.text))).toBe(true);
    expect(probes.some((p) => p.kind === 'role' && p.role === 'o gerente')).toBe(true);
    expect(probes.some((p) => p.kind === 'bot_role' && p.text.includes('o faixa preta'))).toBe(true);
    expect(new Set(probes.map((p) => p.text)).size).toBe(probes.length);
  });

  it('exist in Spanish, Vietnamese and English', () => {
    const shop = { comprar: ['quiero comprar la proteína de chocolate', 'tenés la proteína en polvo?', 'me llevo dos proteínas de vainilla'], envio: ['hacen envío de la proteína a córdoba?', 'cuánto tarda el envío?', 'el envío es gratis?'] };
    const cases: ['es' | 'vi' | 'en', Record<string, string[]>][] = [
      ['es', shop],
      ['vi', { mua: ['shop còn áo khoác size M không', 'mình muốn mua áo khoác đen', 'áo khoác này giá bao nhiêu'] }],
      ['en', { book: ['can i book a tune-up for my bike', 'book a tune-up on friday', 'my bike needs a tune-up'] }],
    ];
    for (const [language, domain] of cases) {
      const probes = edgeProbes({ language, domain });
      expect(probes.filter((p) => p.kind === 'other_topic').length, language).toBeGreaterThan(0);
      expect(probes.filter((p) => p.kind === 'role').length, language).toBeGreaterThan(10);
    }
  });
});

describe('requests for a person by role', () => {
  it('hand over the staff asked for by a role of the shared lexicon or of the bot, in the bot’s words', () => {
    const detector = createSkillDetector({ language: 'pt', domain: gym, roles: ['o professor', 'a instrutora'] });
    const kind = (m: string) => decideSkill(detector.read(m)!)?.kind;
    expect(kind('me passa pro professor de jiu-jitsu, por favor')).toBe('human');
    expect(kind('queria trocar uma ideia com a instrutora de boxe')).toBe('human');
    expect(kind('o responsável pode me responder hoje?')).toBe('human');
    // Another business's staff in a sentence about it is not a request for ours.
    expect(kind('a gerente do banco me ofereceu um cartão de crédito novo')).not.toBe('human');
    expect(kind('quanto custa a mensalidade do boxe?')).toBeUndefined();
  });

  it('in Spanish, Vietnamese and English too', () => {
    const es = createSkillDetector({ language: 'es', domain: { comprar: ['quiero comprar la proteína de chocolate', 'tenés la proteína en polvo?', 'me llevo dos proteínas de vainilla', 'cuánto sale la proteína?', 'hay creatina en stock?'] } });
    expect(decideSkill(es.read('me podés pasar con el vendedor?')!)?.kind).toBe('human');
    const vi = createSkillDetector({ language: 'vi', domain: { mua: ['shop còn áo khoác size M không', 'mình muốn mua áo khoác đen', 'áo khoác này giá bao nhiêu', 'có áo len cổ lọ không shop', 'áo len này có màu xám không'] } });
    expect(decideSkill(vi.read('cho mình gặp nhân viên tư vấn với')!)?.kind).toBe('human');
    const en = createSkillDetector({ language: 'en', domain: { book: ['can i book a tune-up for my bike', 'book a tune-up on friday', 'my bike needs a tune-up', 'do you fix flat tyres', 'how much is a brake adjustment'] } });
    expect(decideSkill(en.read('could someone at the front desk give me a call?')!)?.kind).toBe('human');
  });

  it('include the bot’s own roles and its accepted requests', () => {
    const detector = createSkillDetector({ language: 'pt', domain: gym, roles: ['o sensei'], persons: ['preciso conversar com quem cuida das graduações de faixa'] });
    expect(decideSkill(detector.read('chama o sensei pra mim')!)?.kind).toBe('human');
    expect(decideSkill(detector.read('quero conversar com quem cuida das graduações')!)?.kind).toBe('human');
  });
});

describe('the bot’s own out-of-scope lines', () => {
  it('send their rewordings to the fallback and leave the bot’s own questions with its words alone', () => {
    const plain = createSkillDetector({ language: 'pt', domain: gym });
    const taught = createSkillDetector({ language: 'pt', domain: gym, outOfScope: ['quanto é a mensalidade da escola de inglês do meu filho?'] });
    const message = 'quanto fica a mensalidade da escola de inglês da minha filha?';
    expect(decideSkill(taught.read(message)!)?.kind).toBe('out_of_scope');
    expect(taught.read(message)!.ownOutOfScope).toBeGreaterThanOrEqual(0.75);
    expect(plain.read(message)!.ownOutOfScope).toBe(0);
    expect(decideSkill(taught.read('quanto é a mensalidade do jiu-jitsu?')!)).toBeNull();
  });
});
