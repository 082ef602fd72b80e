import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { botConfigSchema, createLocalUnderstander, extractEntities, normalize, repeatedExamples } from 'switchboard/testing';

const raw = parse(readFileSync(new URL('./bot.yaml', import.meta.url), 'utf8'));
const config = botConfigSchema.parse(raw);

describe('ct-smash bot.yaml', () => {
  it('has three intents, general as exclusive fallback, multi-intent', () => {
    expect(config.id).toBe('ct-smash');
    expect(config.language).toBe('pt-BR');
    expect(Object.keys(config.intents)).toEqual(['trial', 'faq', 'general']);
    expect(config.understanding).toMatchObject({ fallback: 'general', exclusive: ['general'], multiIntent: true });
    expect(Object.values(config.intents).every((i) => i.handoff === false)).toBe(true);
    expect(config.replies.general_fallback).toBe('Olá! Sou o assistente da CT Smash. Como posso te ajudar?');
  });

  it('has at least 40 distinct examples per intent and no example in two intents', () => {
    for (const [id, intent] of Object.entries(config.intents)) expect(intent.examples.length, id).toBeGreaterThanOrEqual(40);
    expect(repeatedExamples(config.intents, 'pt')).toEqual([]);
  });

  it('reads the modality a customer names from the modality gazetteer', () => {
    const modality = (text: string) => extractEntities(text, { lang: 'pt', now: new Date(), gazetteers: config.gazetteers }).find((e) => e.type === 'modality')?.value;
    expect(modality('quero fazer uma aula de muay thai')).toBe('Muay Thai');
    expect(modality('Muai Tai amanhã')).toBe('Muay Thai');
    expect(modality('aula de jiu-jitsu')).toBe('Jiu-Jitsu');
    expect(modality('tem bjj no sábado?')).toBe('Jiu-Jitsu');
    expect(modality('jiu jitsu kids pro meu filho')).toBe('Jiu-Jitsu Kids');
    expect(modality('treino de BOXE')).toBe('Boxe');
    expect(modality('funcional às 7')).toBe('Funcional');
    expect(modality('quero marcar uma aula')).toBeUndefined();
  });

  it('books with a form: the day and time are asked, the modality is read or taken from the class', () => {
    const trial = config.forms.trial;
    expect(Object.keys(trial.slots)).toEqual(['modalidade', 'data', 'hora']);
    expect(trial.slots.modalidade).toMatchObject({ kind: 'modality', required: false });
    expect(trial.slots.data.validate).toMatchObject({ min: 'today', use: 'classDay' });
    expect(trial.slots.hora.validate).toMatchObject({ use: 'classTime' });
    expect(trial.confirm).toBe('trial_confirm');
    expect(trial.undone).toBe('trial_cancelled');
    expect(trial.context).toContain('{slot}');
  });

  it('greeting patterns match greetings (on accent-folded text) and not questions', () => {
    const res = config.greetings.map((g) => new RegExp(g, 'i'));
    const isGreeting = (t: string) => res.some((r) => r.test(normalize(t, 'pt')));
    for (const t of ['Oi', 'oiii tudo bem', 'Olá!', 'Bom dia', 'boa noite pessoal', 'E aí', 'opa']) expect(isGreeting(t), t).toBe(true);
    for (const t of ['onde fica a CT?', 'quero marcar uma aula', 'oito horas']) expect(isGreeting(t), t).toBe(false);
  });

  it('has the reply templates the trial form fills', () => {
    expect(config.replies.trial_confirm).toBe('Confirma a aula experimental de {modalidade} {data} às {hora}?');
    expect(config.replies.trial_booked.startsWith('Pronto! Sua aula experimental está agendada para')).toBe(true);
    expect(config.replies.trial_ask_time).toContain('{slots}');
    expect(config.replies.trial_full).toContain('{slots}');
    expect(config.handoff.resume_message).toBe('[Sistema] O assistente retomou a conversa');
  });

  it('ships knowledge documents split into ## sections', () => {
    const dir = new URL('./knowledge/', import.meta.url);
    const docs = readdirSync(dir).filter((f) => f.endsWith('.md'));
    expect(docs.length).toBeGreaterThanOrEqual(6);
    const all = docs.map((f) => readFileSync(new URL(f, dir), 'utf8')).join('\n');
    for (const word of ['endereço', 'estacionamento', 'mensalidade', 'matrícula', 'aula avulsa', 'iniciantes', 'Instagram', 'kimono']) {
      expect(all.toLowerCase(), word).toContain(word.toLowerCase());
    }
    for (const f of docs) expect(readFileSync(new URL(f, dir), 'utf8'), f).toMatch(/^## /m);
  });
});

// Phrasings that are not among the examples, the way customers write: what the shipped examples must carry.
describe('ct-smash understands messages it was not trained on', () => {
  const understander = createLocalUnderstander(
    Object.entries(config.intents).flatMap(([intent, c]) => c.examples.map((text) => ({ text, intent }))),
    { language: 'pt', threshold: config.understanding.threshold, fallback: 'general', exclusive: ['general'], multiIntent: true },
  );
  const cases: [string, string[]][] = [
    ['e aí, vocês têm aula teste de muay thai?', ['trial']], // a greeting in front does not make it a question about the gym
    ['queria experimentar uma aula antes de fechar', ['trial']],
    ['preciso cancelar a aula de amanhã', ['trial']],
    ['posso fazer uma aula de graça pra conhecer?', ['trial']],
    ['meu filho pode fazer uma aula teste?', ['trial']],
    ['qual o valor da mensalidade?', ['faq']],
    ['vocês abrem domingo?', ['faq']],
    ['aceitam cartão?', ['faq']],
    ['tem aula de boxe pra criança?', ['faq']],
    ['valeu, até mais', ['general']],
    ['quero marcar uma aula teste e saber o preço', ['trial', 'faq']], // "saber …" keeps the first clause's subject
    ['onde fica a academia? e queria agendar uma experimental', ['faq', 'trial']],
    ['eu queria trazer meu filho de 6 anos pra conhecer o jiu jitsu kids, tem aula teste?', ['trial']], // context, then the ask
  ];
  for (const [text, intents] of cases) {
    it(text, async () => {
      const u = await understander.understand({ text, flows: [], now: new Date('2026-03-02T15:00:00Z'), timeZone: config.timeZone });
      expect(u.intents.map((i) => i.id).sort()).toEqual([...intents].sort());
    });
  }
});
