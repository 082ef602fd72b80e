import { describe, expect, it } from 'vitest';
import { createLocalUnderstander } from './index.ts';
import type { ActiveFlowContext, Example, UnderstandingOptions } from './types.ts';

const examples = (intent: string, texts: string[]): Example[] => texts.map((text) => ({ text, intent }));

// A ct-smash-like bot: trial booking, questions about the gym, small talk.
const CT_SMASH: Example[] = [
  ...examples('trial', [
    'quero marcar uma aula teste',
    'dá pra fazer uma aula grátis?',
    'quero agendar uma aula experimental',
    'como faço pra agendar uma aula?',
    'posso fazer uma aula de teste?',
    'queria experimentar uma aula',
    'quero agendar',
    'marcar aula experimental',
    'tem aula experimental?',
    'gostaria de conhecer a CT fazendo uma aula',
    'quero treinar um dia pra testar',
    'consigo agendar um treino de teste amanhã?',
    'quero fazer uma aula de beach tennis pra experimentar',
    'como funciona a aula experimental?',
    'quero reservar uma aula',
  ]),
  ...examples('faq', [
    'onde fica a CT?',
    'quais os horários?',
    'qual o endereço?',
    'quanto custa a mensalidade?',
    'vocês têm estacionamento?',
    'qual o valor do plano?',
    'onde vocês ficam?',
    'que horas abre?',
    'até que horas funciona?',
    'vocês abrem no domingo?',
    'quais modalidades vocês têm?',
    'precisa levar raquete?',
    'tem vestiário?',
    'quais as formas de pagamento?',
    'tem professor pra iniciante?',
  ]),
  ...examples('general', [
    'oi',
    'olá',
    'bom dia',
    'boa tarde',
    'boa noite',
    'obrigado',
    'obrigada',
    'valeu',
    'tchau',
    'até mais',
    'tudo bem?',
    'oi, tudo bem?',
    'muito obrigado pela ajuda',
    'beleza, valeu',
    'ok, obrigado',
  ]),
];

const OPTIONS: UnderstandingOptions = {
  language: 'pt',
  threshold: 0.5,
  fallback: 'general',
  exclusive: ['general'],
  multiIntent: true,
};
const NOW = new Date('2025-01-15T13:00:00Z');
const ids = (u: { intents: { id: string }[] }) => u.intents.map((i) => i.id);
const bot = createLocalUnderstander(CT_SMASH, OPTIONS);
const ask = (text: string, flows: ActiveFlowContext[] = []) =>
  bot.understand({ text, flows, now: NOW, timeZone: 'America/Sao_Paulo' });

describe('ct-smash: active flow context does not freeze routing', () => {
  const stages: [string, ActiveFlowContext['expects']][] = [
    ['ask_date', ['date', 'yesno']],
    ['ask_time', ['time', 'yesno']],
    ['confirm', ['yesno']],
  ];
  for (const [stage, expects] of stages) {
    const flow: ActiveFlowContext = { flow: 'trial', intent: 'trial', stage, expects: [...expects!, 'time', 'date'] };
    it(`mid-trial at ${stage}`, async () => {
      expect(ids(await ask('sim', [flow]))).toEqual(['trial']);
      expect(ids(await ask('19:00', [flow]))).toEqual(['trial']);
      expect(ids(await ask('onde fica a CT?', [flow]))).toEqual(['faq']);
      expect(ids(await ask('sim, e onde fica?', [flow]))).toEqual(['trial', 'faq']);
    });
  }

  it('continues the flow with date and time answers', async () => {
    const flow: ActiveFlowContext = { flow: 'trial', intent: 'trial', stage: 'ask_date', expects: ['date', 'time'] };
    for (const text of ['amanhã às 19h', 'pode ser sexta', 'dia 12', 'às 7 da noite']) {
      expect(ids(await ask(text, [flow])), text).toEqual(['trial']);
    }
  });

  it('takes capitalised words no example uses as the name being asked, even when their letters look like a question', async () => {
    const flow: ActiveFlowContext = { flow: 'trial', intent: 'trial', stage: 'ask_name', expects: ['name'] };
    // Without the flow these read as questions (their character n-grams are the faq's: "horá…", "…tina").
    expect(ids(await ask('Horácio'))).toEqual(['faq']);
    expect(ids(await ask('Vestina Rocha'))).toEqual(['faq']);
    expect(ids(await ask('Horácio', [flow]))).toEqual(['trial']);
    expect(ids(await ask('Vestina Rocha', [flow]))).toEqual(['trial']);
    // A word the bot's examples use, or a question, is still the other intent's.
    expect(ids(await ask('Estacionamento', [flow]))).toEqual(['faq']);
    expect(ids(await ask('Horácio?', [flow]))).toEqual(['faq']);
  });

  it('without an active flow a bare "sim" is small talk', async () => {
    expect(ids(await ask('sim'))).toEqual(['general']);
  });
});

describe('ct-smash: multi-intent and exclusivity', () => {
  it('finds both intents in one message', async () => {
    const u = await ask('quero agendar uma aula e onde fica a CT?');
    expect(new Set(ids(u))).toEqual(new Set(['trial', 'faq']));
    expect(u.source).toBe('local');
    expect(u.language).toBe('pt');
  });

  it('a context, contentless or unsure yes/no clause next to a request adds no second intent', async () => {
    for (const text of [
      'quero agendar uma aula experimental, to pensando em começar', // statement, faq only ~0.7
      'quero agendar uma aula experimental, tem como?', // no content word
      'quero agendar uma aula experimental, tem como ir amanhã?', // yes/no question, faq only ~0.7
    ]) {
      expect(ids(await ask(text)), text).toEqual(['trial']);
    }
  });

  it('a wh-question or a confident question still adds its own intent', async () => {
    for (const text of [
      'quero agendar uma aula experimental, queria saber onde fica',
      'quero agendar uma aula experimental, onde fica?',
      'quero agendar uma aula experimental, tem turma?',
    ]) {
      expect(new Set(ids(await ask(text))), text).toEqual(new Set(['trial', 'faq']));
    }
  });

  it('general never appears with other intents', async () => {
    expect(ids(await ask('oi, quero marcar uma aula teste'))).toEqual(['trial']);
    expect(ids(await ask('bom dia! qual o endereço?'))).toEqual(['faq']);
  });

  it('only exclusive intents: keeps the single best', async () => {
    expect(ids(await ask('oi, obrigado, tchau'))).toEqual(['general']);
  });

  it('single-label mode returns only the best intent', async () => {
    const single = createLocalUnderstander(CT_SMASH, { ...OPTIONS, multiIntent: false });
    const u = await single.understand({ text: 'quero agendar uma aula e onde fica a CT?', flows: [], now: NOW });
    expect(u.intents).toHaveLength(1);
    expect(['trial', 'faq']).toContain(u.intents[0].id);
  });
});

describe('ct-smash: robustness', () => {
  it.each([
    ['QUERO MARCAR UMA AULA TESTE 😀', 'trial'],
    ['quero agendr uma aula experimentl', 'trial'],
    ['qro fazer uma aula gratis', 'trial'],
    ['ond fica a ct', 'faq'],
    ['qnto custa a mensalidade', 'faq'],
    ['vcs abrem domingo??', 'faq'],
    ['obrigadooo 🙏', 'general'],
    ['oiii', 'general'],
  ])('%s → %s', async (text, intent) => {
    expect(ids(await ask(text))).toEqual([intent]);
  });
});

describe('out-of-scope fallback', () => {
  // A bot whose fallback intent has no examples: off-topic text must not be forced into an intent.
  const shop = createLocalUnderstander(
    CT_SMASH.filter((e) => e.intent !== 'general'),
    { ...OPTIONS, fallback: 'off_topic', exclusive: ['off_topic'] },
  );
  it.each(['me conta uma piada sobre futebol', 'quem ganhou a copa do mundo de 2002?', 'asdfgh qwerty'])(
    '%s → off_topic, unsure',
    async (text) => {
      const u = await shop.understand({ text, flows: [], now: NOW });
      expect(ids(u)).toEqual(['off_topic']);
      expect(u.unsure).toBe(true);
    },
  );

  it('in-scope text is still recognised', async () => {
    const u = await shop.understand({ text: 'quanto custa a mensalidade?', flows: [], now: NOW });
    expect(ids(u)).toEqual(['faq']);
    expect(u.unsure).toBeUndefined();
  });
});

describe('retrain', () => {
  it('learns a new intent added by an admin', () => {
    const u = createLocalUnderstander(CT_SMASH, OPTIONS);
    expect(u.classify('quero cancelar minha matrícula')[0].id).not.toBe('cancel');
    u.retrain([
      ...CT_SMASH,
      ...examples('cancel', [
        'quero cancelar minha matrícula',
        'como cancelo o plano?',
        'cancelar assinatura',
        'não quero mais treinar, quero cancelar',
        'preciso trancar a matrícula',
      ]),
    ]);
    expect(u.classify('como faço pra cancelar o plano')[0].id).toBe('cancel');
  });
});

describe('entities travel with the understanding', () => {
  it('dates and times relative to the clock and zone', async () => {
    const u = await ask('amanhã às 19h', [{ flow: 'trial', intent: 'trial', stage: 'ask_date', expects: ['date'] }]);
    expect(u.entities).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'date', value: '2025-01-16' }),
        expect.objectContaining({ type: 'time', value: '19:00' }),
      ]),
    );
  });
});
