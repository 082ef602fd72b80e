import { describe, expect, it } from 'vitest';
import { extractEntities } from '../entities/index.ts';
import type { Gazetteer, PatternEntity } from '../types.ts';
import { extendGazetteer, readGazetteer, readMoney, readNumber, readOpeningName, readPattern, readPersonName, SlotText, type MoneySpec, type NumberSpec } from './index.ts';

const AGE: NumberSpec = { after: ['anos'], notBefore: ['há', 'por'], before: ['idade'], notAfter: ['atrás'], min: 10, max: 100, integer: true };
const SCORE: NumberSpec = { before: ['tirei', 'nota'], within: 20, notWithin: ['corte'], after: ['pontos'], min: 200, max: 1000, words: false };
const INCOME: MoneySpec = { before: ['renda', 'ganh*'], within: 20, notAfter: ['salário*'], min: 50, units: { 'salário mínimo': 1000, salário: 1000, salários: 1000 } };

describe('readNumber', () => {
  it('reads a number by its unit or its cue, in digits or words, and masks it', () => {
    const text = new SlotText('Tenho dezenove anos e minha idade mental é outra');
    expect(readNumber(text, AGE, 'pt')).toMatchObject({ value: 19 });
    expect(text.folded).not.toContain('dezenove');
    expect(readNumber(new SlotText('idade: 42'), AGE, 'pt')?.value).toBe(42);
  });

  it('refuses a duration, a number out of range and a number followed by a veto word', () => {
    expect(readNumber(new SlotText('parei de estudar há 3 anos'), AGE, 'pt')).toBeUndefined();
    expect(readNumber(new SlotText('foi 20 anos atrás'), AGE, 'pt')).toBeUndefined();
    expect(readNumber(new SlotText('uns 300 anos'), AGE, 'pt')).toBeUndefined();
  });

  it('reads a bare number only when the slot was asked', () => {
    expect(readNumber(new SlotText('33'), AGE, 'pt')).toBeUndefined();
    expect(readNumber(new SlotText('33'), AGE, 'pt', true)?.value).toBe(33);
  });

  it('allows a short gap after a cue but not one holding a veto word', () => {
    expect(readNumber(new SlotText('tirei uns 712,5 na prova'), SCORE, 'pt')?.value).toBe(712.5);
    expect(readNumber(new SlotText('a nota de corte foi 640'), SCORE, 'pt')).toBeUndefined();
    expect(readNumber(new SlotText('acho que uns 590 pontos'), SCORE, 'pt')?.value).toBe(590);
  });

  it('never reads one number twice', () => {
    const text = new SlotText('tenho 25 anos');
    expect(readNumber(text, AGE, 'pt')?.value).toBe(25);
    expect(readNumber(text, { min: 0, max: 100 }, 'pt', true)).toBeUndefined();
  });
});

describe('readMoney', () => {
  it('reads amounts with a currency, a magnitude or a cue', () => {
    expect(readMoney(new SlotText('uns R$ 3.250,00 por mês'), INCOME, 'pt')?.value).toBe(3250);
    expect(readMoney(new SlotText('dá uns 4 mil'), INCOME, 'pt')?.value).toBe(4000);
    expect(readMoney(new SlotText('ganhamos juntos 2700'), INCOME, 'pt')?.value).toBe(2700);
    expect(readMoney(new SlotText('quase seiscentos reais'), INCOME, 'pt')?.value).toBe(600);
    expect(readMoney(new SlotText('quase seiscentes reais'), INCOME, 'pt')).toBeUndefined(); // not a number word the table knows
    expect(readMoney(new SlotText('trinta reais'), INCOME, 'pt')).toBeUndefined(); // below min
  });

  it('reads a thousand and what follows it, in words or digits', () => {
    expect(readMoney(new SlotText('a renda é uns dois mil e quinhentos'), INCOME, 'pt')?.value).toBe(2500);
    expect(readMoney(new SlotText('mil e duzentos reais por mês'), INCOME, 'pt')?.value).toBe(1200);
    expect(readMoney(new SlotText('dá uns 3 mil e 500'), INCOME, 'pt')?.value).toBe(3500);
    expect(readMoney(new SlotText('ganamos dos mil y trescientos pesos'), INCOME, 'es')?.value).toBe(2300);
    // What follows "e" that is not part of the amount stays out of it.
    expect(readMoney(new SlotText('uns 2 mil e somos 4 em casa'), INCOME, 'pt')?.value).toBe(2000);
  });

  it('reads an amount said in units, halves included', () => {
    expect(readMoney(new SlotText('a renda é de três salários'), INCOME, 'pt')).toMatchObject({ value: 3000, units: 3 });
    expect(readMoney(new SlotText('dois salários e meio'), INCOME, 'pt')).toMatchObject({ value: 2500, units: 2.5 });
    expect(readMoney(new SlotText('meio salário mínimo'), INCOME, 'pt')).toMatchObject({ value: 500, units: 0.5, unit: 'salario minimo' });
  });

  it('says what an amount is counted per when the message says it', () => {
    const spec: MoneySpec = { ...INCOME, per: { pessoa: ['por pessoa', 'cada um'], mes: ['por mês'] } };
    expect(readMoney(new SlotText('ganhamos 900 reais cada um'), spec, 'pt')).toMatchObject({ value: 900, per: 'pessoa' });
    expect(readMoney(new SlotText('por mês entra 3 mil'), spec, 'pt')).toMatchObject({ value: 3000, per: 'mes' });
    expect(readMoney(new SlotText('entra 3 mil'), spec, 'pt')?.per).toBeUndefined();
  });

  it('reads a bare amount only when asked', () => {
    expect(readMoney(new SlotText('2100'), INCOME, 'pt')).toBeUndefined();
    expect(readMoney(new SlotText('2100'), INCOME, 'pt', true)?.value).toBe(2100);
  });
});

describe('readGazetteer', () => {
  const shift: Gazetteer = { type: 'shift', values: { Noturno: ['noite', 'à noite'], Matutino: ['manhã'] }, not: ['boa noite'] };
  const kind: Gazetteer = { type: 'kind', values: { publica: ['pública', 'federal'], privada: ['particular'] }, exceptAfter: ['escola'] };

  it('reads the earliest form, skipping phrases that name no value', () => {
    const text = new SlotText('Boa noite! Prefiro estudar de manhã, não à noite');
    expect(readGazetteer(text, shift)).toMatchObject({ value: 'Matutino' });
    expect(readGazetteer(text, shift)).toMatchObject({ value: 'Noturno' });
    expect(readGazetteer(text, shift)).toBeUndefined();
  });

  it('skips a form right after an exceptAfter word (one word may come between)', () => {
    expect(readGazetteer(new SlotText('vim de escola estadual pública e quero particular'), kind)).toMatchObject({ value: 'privada' });
    expect(readGazetteer(new SlotText('uma federal'), kind)).toMatchObject({ value: 'publica' });
  });

  it('with pick: longest, reads the longest form anywhere in the message', () => {
    const course: Gazetteer = { type: 'course', values: { Engenharia: ['eng'], 'Engenharia Civil': [] }, pick: 'longest' };
    expect(readGazetteer(new SlotText('talvez eng, mas prefiro engenharia civil'), course)).toMatchObject({ value: 'Engenharia Civil' });
    expect(readGazetteer(new SlotText('talvez eng, mas prefiro engenharia civil'), { ...course, pick: 'first' })).toMatchObject({ value: 'Engenharia' });
  });

  it('reads a cueOnly form only after one of its cues, or when the slot was asked', () => {
    const course: Gazetteer = { type: 'course', values: { História: [], Direito: [] }, cueOnly: ['história'], cuesBefore: ['curso de', 'estudar'] };
    expect(readGazetteer(new SlotText('conta a história toda'), course)).toBeUndefined();
    expect(readGazetteer(new SlotText('penso em estudar história'), course)).toMatchObject({ value: 'História' });
    expect(readGazetteer(new SlotText('história'), course, true)).toMatchObject({ value: 'História' });
    expect(readGazetteer(new SlotText('direito'), course)).toMatchObject({ value: 'Direito' });
    const city: Gazetteer = { type: 'city', values: { Natal: [], Recife: [] }, cueOnly: 'all', cuesBefore: ['em'] };
    expect(readGazetteer(new SlotText('natal com a família, depois moro em recife'), city)).toMatchObject({ value: 'Recife' });
    expect(readGazetteer(new SlotText('natal'), city, true)).toMatchObject({ value: 'Natal' });
  });

  it('extends a gazetteer with values from data, keeping the spelling it already had', () => {
    const course: Gazetteer = { type: 'course', values: { Direito: [] }, pick: 'longest' };
    const extended = extendGazetteer(course, { DIREITO: [], 'Medicina Veterinária': [] });
    expect(Object.keys(extended.values)).toEqual(['Direito', 'Medicina Veterinária']);
    expect(extended.pick).toBe('longest');
    expect(course.values).toEqual({ Direito: [] });
    expect(readGazetteer(new SlotText('medicina veterinaria'), extended)).toMatchObject({ value: 'Medicina Veterinária' });
  });

  it('applies the same vetoes to per-message entities', () => {
    const schedule: Gazetteer = { type: 'schedule', values: { Integral: ['integral'] }, not: ['bolsa integral'] };
    const entities = extractEntities('uma bolsa integral num curso integral', { lang: 'pt', now: new Date(), gazetteers: [schedule] });
    expect(entities.filter((e) => e.type === 'schedule').map((e) => e.text)).toEqual(['integral']);
    expect(entities.find((e) => e.type === 'schedule')?.start).toBe(29);
  });
});

describe('number and money entities', () => {
  it('become entities of their type before the built-in numbers', () => {
    const patterns: PatternEntity[] = [{ type: 'age', number: AGE }, { type: 'income', money: INCOME }];
    const entities = extractEntities('tenho 31 anos e a renda é 1800', { lang: 'pt', now: new Date(), patterns });
    expect(entities.map((e) => [e.type, e.value])).toEqual([
      ['age', 31],
      ['income', 1800],
    ]);
  });

  it('leave dates to the date reader', () => {
    const patterns: PatternEntity[] = [{ type: 'guests', number: { before: ['somos', 'em'], min: 1, max: 20 } }];
    const entities = extractEntities('somos 4 e chegamos em 3 dias', { lang: 'pt', now: new Date(), patterns });
    expect(entities.filter((e) => e.type === 'guests').map((e) => e.value)).toEqual([4]);
    expect(entities.some((e) => e.type === 'date')).toBe(true);
  });
});

describe('readPersonName', () => {
  it('reads a name after its cue, stopping at the words that follow a name, and masks it', () => {
    const text = new SlotText('oi! me chamo bia Moro em Olinda');
    expect(readPersonName(text, 'pt')).toMatchObject({ value: 'Bia' });
    expect(text.folded).not.toContain('bia');
    expect(readPersonName(new SlotText('meu nome é joão victor da costa, 18 anos'), 'pt')?.value).toBe('João Victor');
  });

  it('never reads a name from a span another reader took', () => {
    const text = new SlotText('sou a Rafaela');
    text.mask(6, 13);
    expect(readPersonName(text, 'pt')).toBeUndefined();
  });
});

describe('regex entities with a value', () => {
  const plan: PatternEntity[] = [
    { type: 'plan', value: 'premium', pattern: '\\b(?:plano|pacote) (?:completo|premium)\\b' },
    { type: 'plan', value: 'basic', pattern: '\\bbasico\\b' },
    { type: 'plan', value: 'basic', asked: true, pattern: '\\bo mais barato\\b' },
  ];

  it('give their value, in declared order, on folded text; asked ones only when asked', () => {
    expect(readPattern(new SlotText('Quero o Básico, não o pacote premium'), plan)?.value).toBe('premium');
    expect(readPattern(new SlotText('só o básico'), plan)?.value).toBe('basic');
    expect(readPattern(new SlotText('o mais barato'), plan)).toBeUndefined();
    expect(readPattern(new SlotText('o mais barato'), plan, true)?.value).toBe('basic');
  });

  it('match accented text per message when written without accents, and skip asked ones', () => {
    const entities = extractEntities('pode ser o básico, o mais barato', { lang: 'pt', now: new Date(), patterns: plan });
    expect(entities.filter((e) => e.type === 'plan').map((e) => [e.value, e.text])).toEqual([['basic', 'básico']]);
  });

  it('take the first group that matched when no value is given', () => {
    const year: PatternEntity[] = [{ type: 'year', pattern: '\\bno (\\d)o ano\\b|\\bno (ultimo) ano\\b' }];
    expect(readPattern(new SlotText('estou no último ano'), year)?.value).toBe('ultimo');
    expect(readPattern(new SlotText('estou no 2º ano'), year)?.value).toBe('2');
  });
});

describe('readOpeningName', () => {
  it('reads the person a command text opens with, a known surname kept after a link word', () => {
    const text = new SlotText('carla da souza, quer orçamento');
    expect(readOpeningName(text, 'pt')).toEqual({ person: { value: 'Carla da Souza', start: 0, end: 14 }, company: undefined });
    expect(text.folded.slice(0, 14).trim()).toBe('');
  });

  it('reads the company a link word joins, or a Capitalized fragment after a comma', () => {
    expect(readOpeningName(new SlotText('Tiago Reis do Grupo Alfa com urgência'), 'pt')).toMatchObject({
      person: { value: 'Tiago Reis' },
      company: { value: 'Grupo Alfa' },
    });
    expect(readOpeningName(new SlotText('Tiago Reis, Alfa Tintas, 21 99999-0000'), 'pt')?.company?.value).toBe('Alfa Tintas');
    expect(readOpeningName(new SlotText('Tiago Reis, mora longe'), 'pt')?.company).toBeUndefined();
  });

  it('reads nothing when the text opens with a stop word, a digit or in a language without cues', () => {
    expect(readOpeningName(new SlotText('com o Tiago'), 'pt')).toBeUndefined();
    expect(readOpeningName(new SlotText('3 cadeiras'), 'pt')).toBeUndefined();
    expect(readOpeningName(new SlotText('Tiago Reis'), 'vi')).toBeUndefined();
  });
});
