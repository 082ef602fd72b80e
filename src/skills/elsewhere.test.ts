// The skill detector on a small gym of our own (not a reference bot): requests for its staff by role read in a
// request frame, and its own words qualified by another topic's thing ("a mensalidade da escola"). The rules and
// data are the runtime's; the messages here are not in src/skills/data.
import { describe, expect, it } from 'vitest';
import { createSkillDetector, decideSkill } from './index.ts';

const gym = createSkillDetector({
  language: 'pt',
  domain: {
    precos: ['quanto é a mensalidade do muay thai?', 'qual o valor da mensalidade?', 'a mensalidade do jiu-jitsu é quanto?', 'tem taxa de matrícula?', 'quanto custa a matrícula?', 'a matrícula é paga à parte?', 'tem plano trimestral?', 'qual o preço do plano anual?', 'a mensalidade inclui kimono?', 'quanto fica a matrícula com o plano?', 'tem desconto na mensalidade pra dupla?', 'o plano semestral vale a pena?'],
    aulas: ['quero marcar uma aula experimental de muay thai', 'tem aula de jiu-jitsu de manhã?', 'que horas é a aula de boxe?', 'a aula experimental é grátis?', 'tem aula de muay thai no sábado?', 'quero agendar uma aula de boxe', 'o professor de jiu-jitsu é faixa preta?', 'quem dá a aula de muay thai?', 'posso fazer aula de boxe sem experiência?', 'a aula de jiu-jitsu dura quanto tempo?', 'quero fazer uma aula experimental amanhã', 'o professor de boxe é bom com iniciantes?'],
  },
});
const kind = (text: string) => {
  const r = gym.read(text);
  return (r && decideSkill(r)?.kind) ?? null;
};

describe('requests for the staff by role', () => {
  it('hand over a role asked for in a request frame, with or without the bot’s words', () => {
    for (const text of ['me passa pro professor de jiu-jitsu, por favor', 'consigo conversar com o instrutor de boxe?', 'alguém da recepção pode me ligar?', 'queria falar com alguém do financeiro'])
      expect(kind(text), text).toBe('human');
  });

  it('leave the bot an ordinary question that names a role', () => {
    for (const text of ['o professor de muay thai dá aula no sábado?', 'o instrutor de boxe é campeão?', 'como faço pra falar com a recepção?']) expect(kind(text), text).not.toBe('human');
  });

  it('do not hand over a request for someone else’s staff', () => {
    expect(kind('preciso falar com o professor de matemática do meu filho')).toBe('out_of_scope');
  });
});

describe('the bot’s words qualified by another topic’s thing', () => {
  it('call the message out of scope, the bot’s strong words in it notwithstanding', () => {
    for (const text of ['quanto é a mensalidade da escola de música?', 'a matrícula da autoescola subiu', 'a matrícula do conservatório abriu ontem']) expect(kind(text), text).toBe('out_of_scope');
  });

  it('leave the bot its own things so qualified, and a place the customer names', () => {
    for (const text of ['quanto é a mensalidade do boxe?', 'a aula de jiu-jitsu é de manhã?', 'tem aula experimental em pinheiros?']) expect(kind(text), text).toBeNull();
  });

  it('read a bot’s word inside another topic’s thing of several words as that thing’s', () => {
    const health = gym.read('a mensalidade do plano de saúde venceu')!;
    expect(health.thingWords).toContain('plano de saude');
    expect(health.elsewhere).toEqual(['plan']);
    expect(kind('a mensalidade do plano de saúde venceu')).toBe('out_of_scope');
    expect(gym.read('a mensalidade do plano anual venceu')!.elsewhere).toEqual([]);
    expect(kind('a mensalidade do plano anual venceu')).toBeNull();
  });
});

describe('a message whose head is another topic’s thing', () => {
  it('is out of scope, whatever words of the bot’s or numbers come after the head', () => {
    for (const text of ['até que horas a padaria fica aberta?', 'a aula de piano começa que horas?', 'preciso de um encanador pra 2 vazamentos', 'qual o horário do ônibus pro centro?'])
      expect(kind(text), text).toBe('out_of_scope');
    expect(gym.read('a aula de piano começa que horas?')!.head).toBe('other');
  });

  it('leaves the bot a message whose head is its own, or whose other thing only says when or where', () => {
    for (const text of ['o professor de boxe é faixa preta?', 'depois da escola posso fazer aula de muay thai?', 'saio do hospital às 18h, tem aula de boxe depois?'])
      expect(kind(text), text).toBeNull();
    expect(gym.read('a mensalidade do muay thai é quanto?')!.head).toBe('bot');
  });

  it('with a number, still reads a listed thing qualifying the bot’s word, not an unknown word (more often a name)', () => {
    expect(kind('a matrícula da autoescola custa 900 reais?')).toBe('out_of_scope');
    expect(gym.read('a mensalidade de 3 meses do Ricardo')!.elsewhere).toEqual([]);
  });

  it('reads a number that counts another topic’s thing as spent there, not as an answer the bot collects', () => {
    expect(gym.read('quero 3 caixas de cerveza')!.quantityOfThing).toBe(false);
    expect(gym.read('vocês vendem 3 caixas de cerveja?')!.quantityOfThing).toBe(true);
    expect(kind('vocês vendem 3 caixas de cerveja?')).toBe('out_of_scope');
    expect(kind('quero 2 aulas de boxe')).toBeNull();
    expect(gym.read('pode ser às 18h depois da escola?')!.quantityOfThing).toBe(false);
  });
});
