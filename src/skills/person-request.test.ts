import { describe, expect, it } from 'vitest';
import { normalize } from '../nlu/normalize.ts';
import type { Language } from '../nlu/types.ts';
import { frameSpeller, personRequestReader } from './person-request.ts';

const reads = (lang: Language, text: string, roles: string[] = []) => personRequestReader(lang, roles)(normalize(text, lang))?.person ?? null;

describe('requests for a person by role, read in a request frame', () => {
  it('reads an asking phrase followed by a role noun or "someone", articles skipped, whatever the domain modifier', () => {
    expect(reads('pt', 'quero falar com o professor de jiu-jitsu')).toBe('professor');
    expect(reads('pt', 'me passa pra alguém da recepção, por favor')).toBe('alguem');
    expect(reads('es', '¿me pasás con el vendedor de suplementos?')).toBe('vendedor');
    expect(reads('vi', 'cho mình gặp nhân viên tư vấn size')).toBe('nhan vien tu van');
    expect(reads('en', 'can you put me through to the front desk?')).toBe('front desk');
  });

  it('reads a department, a real or human person, someone after a call-me phrase or "tem como", and weariness said after the machine', () => {
    expect(reads('pt', 'me transfere pro financeiro por favor')).toBe('financeiro');
    expect(reads('es', 'quiero hablar con el área comercial')).toBe('area comercial');
    expect(reads('pt', 'quero um atendimento humano')).toBe('atendimento humano');
    expect(reads('pt', 'me ligue alguém da loja amanhã')).toBe('alguem');
    expect(reads('pt', 'quero um plano mensal')).toBeNull();
    expect(reads('vi', 'cho mình xin sđt của chủ shop với')).toBe('chu shop');
    expect(reads('vi', 'nói chuyện với máy chán lắm rồi')).toBe('chan');
    expect(reads('pt', 'a orientadora pode me mandar mensagem amanhã?')).toBe('orientadora');
    expect(reads('pt', 'posso pagar direto com o professor?')).toBeNull();
    expect(reads('pt', 'tem como me passar pra alguém do financeiro?')).toBe('alguem');
    expect(reads('pt', 'tem alguém da secretaria pra me atender?')).toBe('alguem');
  });

  it('reads a role named first and then asked to act, a few words later', () => {
    expect(reads('pt', 'oi, a professora de boxe pode me ligar?')).toBe('professora');
    expect(reads('es', '¿el encargado del local me puede atender?')).toBe('encargado');
    expect(reads('vi', 'chủ tiệm có ở đó không')).toBe('chu tiem');
  });

  it('reads a need of a person with nothing after it but whom they work for, and no need of a service', () => {
    expect(reads('pt', 'to precisando de alguém do setor de cobrança')).toBe('alguem');
    expect(reads('pt', 'preciso de um atendente da recepção')).toBe('atendente');
    expect(reads('es', 'necesito a alguien de administración')).toBe('alguien');
    expect(reads('en', 'i need somebody from the billing team')).toBe('somebody');
    expect(reads('pt', 'preciso de um professor de matemática')).toBeNull();
    expect(reads('vi', 'em cần nhân viên tư vấn')).toBe('nhan vien tu van');
    expect(reads('pt', 'preciso da ajuda de alguém de verdade')).toBe('alguem');
    // The team as whoever serves the customer, tied to a part of the business.
    expect(reads('pt', 'preciso de ajuda do pessoal do helpdesk')).toBe('pessoal');
    expect(reads('pt', 'o pessoal do treino de sábado é ótimo')).toBeNull();
    expect(reads('pt', 'preciso de ajuda da equipe pra montar meu treino')).toBeNull();
    // More after the person: a service asked of someone, not the bot's staff.
    expect(reads('pt', 'preciso de alguém pra pintar minha casa')).toBeNull();
    expect(reads('es', 'necesito un profesor particular de química')).toBeNull();
    expect(reads('en', 'i need someone to walk my dog')).toBeNull();
  });

  it('reads a callback, a ticket or a message passed on as asking for the person', () => {
    expect(reads('pt', 'aguardo um retorno do financeiro')).toBe('financeiro');
    expect(reads('pt', 'como abro um chamado com o suporte?')).toBeNull();
    expect(reads('pt', 'dá pra abrir um chamado com o suporte?')).toBe('suporte');
    expect(reads('pt', 'consegue pedir pro gerente me mandar mensagem?')).toBe('gerente');
    expect(reads('pt', 'algum professor de vcs me chama no privado?')).toBe('professor');
    // A return that is no callback.
    expect(reads('pt', 'quando é o retorno do professor das férias?')).toBeNull();
  });

  it('reads a role named after a phrase that asks for what follows, and asked to get in touch', () => {
    expect(reads('pt', 'tem como o professor me mandar mensagem no zap?')).toBe('professor');
    expect(reads('pt', 'preciso que alguém do comercial me retorne')).toBe('alguem');
    expect(reads('pt', 'a recepção pode retornar minha ligação?')).toBe('recepcao');
    expect(reads('es', '¿puede ser que el vendedor me escriba por whatsapp?')).toBe('vendedor');
    // A lead phrase before no request is still none.
    expect(reads('pt', 'tem como o professor corrigir minha postura?')).toBeNull();
    expect(reads('pt', 'dá pra a recepção guardar minha mochila?')).toBeNull();
  });

  it('reads weariness of the machine as a request for a person, and leaves other weariness alone', () => {
    expect(reads('pt', 'não aguento mais falar com robô')).toBe('robo');
    expect(reads('es', 'me cansé del bot')).toBe('bot');
    expect(reads('vi', 'chán nói chuyện với máy quá')).toBe('noi chuyen voi may');
    expect(reads('vi', 'mệt quá, máy lạnh nhà mình hư rồi')).toBeNull();
    expect(reads('pt', 'cansei de treinar sozinho')).toBeNull();
    expect(reads('pt', 'cansei de esperar, eu ia treinar hoje')).toBeNull();
  });

  it('reads nobody answering as a request for a person', () => {
    expect(reads('pt', 'ninguém me responde aqui?')).toBe('me responde');
    expect(reads('es', 'nadie contesta en este local?')).toBe('contesta');
    expect(reads('vi', 'sao không ai trả lời vậy')).toBe('tra loi');
    expect(reads('pt', 'ninguém da minha família treina')).toBeNull();
  });

  it('reads "gente" as someone, and "is anyone there?" in Vietnamese', () => {
    expect(reads('pt', 'alô? tem gente aí?')).toBe('gente');
    expect(reads('pt', 'quero falar com gente de verdade')).toBe('gente de verdade');
    expect(reads('pt', 'tem muita gente treinando de manhã?')).toBeNull();
    expect(reads('vi', 'alo alo có ai không')).toBe('ai');
    expect(reads('vi', 'có ai mặc size m không')).toBeNull();
    // "không" as customers type it ("ko", "k", "hông").
    expect(reads('vi', 'shop ơi có ai ko')).toBe('ai');
    expect(reads('vi', 'có ai mặc size m ko')).toBeNull();
    // "người" ("ng" as customers type it) alone.
    expect(reads('vi', 'alo có ng k ạ')).toBe('nguoi');
    expect(reads('vi', 'có ng mặc size m chưa')).toBeNull();
  });

  it('reads the bot’s own role nouns beside the shared ones', () => {
    expect(reads('pt', 'quero falar com o sensei')).toBeNull();
    expect(reads('pt', 'quero falar com o sensei', ['o sensei'])).toBe('sensei');
  });

  it('leaves a role noun outside a request frame alone (an ordinary question about the staff)', () => {
    expect(reads('pt', 'o professor de jiu-jitsu é faixa preta?')).toBeNull();
    expect(reads('pt', 'como se chama o professor de boxe?')).toBeNull();
    expect(reads('pt', 'qual o whatsapp da recepção?')).toBeNull();
    expect(reads('pt', 'como faço pra falar com a recepção?')).toBeNull();
    expect(reads('es', '¿cómo hago para hablar con el dueño?')).toBeNull();
    expect(reads('es', '¿el vendedor cobra comisión?')).toBeNull();
    expect(reads('vi', 'nhân viên shop mặc size gì')).toBeNull();
    expect(reads('en', 'is the instructor a black belt?')).toBeNull();
  });

  it('reads no one asked for when the person is someone’s own ("falar com meu professor")', () => {
    expect(reads('pt', 'preciso falar com meu professor de piano')).toBeNull();
  });

  it('reads whether someone is there: an asking word, the person, then where or when', () => {
    expect(reads('pt', 'tem alguém na recepção agora?')).toBe('alguem');
    expect(reads('pt', 'tem alguém aí?')).toBe('alguem');
    expect(reads('pt', 'tem algum professor aí?')).toBe('professor');
    expect(reads('es', '¿hay algún asesor disponible?')).toBe('asesor');
    expect(reads('es', '¿el vendedor está hoy en el local?')).toBe('vendedor');
    expect(reads('en', 'is there someone at the front desk now?')).toBe('someone');
  });

  it('leaves a question of what is offered, or who does something, alone', () => {
    expect(reads('pt', 'tem professor de boxe?')).toBeNull();
    expect(reads('pt', 'tem alguém que dá aula agora?')).toBeNull();
    expect(reads('es', '¿hay alguien que hable inglés?')).toBeNull();
    expect(reads('es', '¿hay stock ahora?')).toBeNull();
  });
});

describe('a person said to be a living one', () => {
  it('is a request for a person, the living word right after the person or in the frames\' own phrase', () => {
    expect(reads('pt', 'vocês têm algum atendente de carne e osso?')).toBe('algum atendente');
    expect(reads('es', 'me atiende un asesor humano o sos vos?')).toBe('asesor');
    expect(reads('vi', 'có nhân viên thật không vậy')).toBe('nhan vien');
    expect(reads('pt', 'tem suporte humano no fim de semana?')).toBe('suporte humano');
  });

  it('is not a living word elsewhere in the message', () => {
    expect(reads('pt', 'o professor disse que o preço real é outro')).toBeNull();
    expect(reads('es', 'el profe es de verdad bueno')).toBeNull();
    expect(reads('pt', 'é um atendente humano ou um robô?')).toBeNull();
  });
});

describe('the frames\' words typed in haste', () => {
  const known = new Set(['sala', 'de', 'aula', 'o', 'com']);
  const spell = (lang: Language, text: string) => frameSpeller(lang, [], (w) => known.has(w))(normalize(text, lang));

  it('are read as the one frame word an edit away, when no text has them', () => {
    expect(spell('pt', 'qro flar com o atendete')).toBe('qro falar com o atendente');
    expect(spell('es', 'nesesito que me atienda algien')).toBe('necesito que me atienda alguien');
    // One edit from "falar" and from "fala": the word with the letter dropped.
    expect(spell('pt', 'falr com alguém')).toBe('falar com alguem');
  });

  it('leave a word some text has and a short word as written', () => {
    expect(spell('pt', 'a sala de aula')).toBe('a sala de aula');
    expect(spell('pt', 'cm')).toBe('cm');
  });
});
