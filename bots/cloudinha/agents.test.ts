// The pieces the agents are made of: the router's decisions, the cascade's relevance checks, the match
// workflow's filters and the widening search, and Brazilian number formatting.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Passage, RouteContext } from '../../src/engine/index.ts';
import type { Sql } from '../../src/store/types.ts';
import { contentStems, datesFor, isDateQuestion, isIntro, isSmallTalk, relevantPassages } from './answers.ts';
import { loadEduData } from './data.ts';
import { getImportantDates, type ImportantDate } from './dates.ts';
import { buildCatalog } from './extract.ts';
import { brMoney, brNumber } from './format.ts';
import { regionOf, searchNearby, stateName } from './geo.ts';
import { eligibilityFilters, extractMatchValues } from './match.ts';
import { updateStudentProfile } from './profile.ts';
import { route } from './router.ts';
import { memoryDb, writeFixtureData } from './testing.ts';

let sql: Sql;
let calendar: ImportantDate[];
beforeAll(async () => {
  ({ sql } = await memoryDb());
  await loadEduData(sql, { dataDir: writeFixtureData() });
  calendar = (await getImportantDates(sql, 'sisu')).dates;
});

describe('router', () => {
  const ctx = (userId: string, active: string | null, intents: string[], text = 'x', memory: Record<string, unknown> = {}) =>
    ({ text, intents, memory, sql, session: { id: `s-${userId}`, userId, activeWorkflow: active }, understanding: {}, bot: {} }) as unknown as RouteContext;

  it('puts onboarding first, then follows the active workflow, switching on a change of subject', async () => {
    expect(await route(ctx('nova', null, ['sisu']))).toEqual(['onboarding']);
    await updateStudentProfile(sql, 'pronta', { name: 'Bia', onboarding_completed: true });
    expect(await route(ctx('pronta', null, ['sisu']))).toEqual(['root']); // root opens the workflow itself
    expect(await route(ctx('pronta', 'match_workflow', ['sisu'], 'e o sisu, quando abre?'))).toEqual(['sisu']);
    expect(await route(ctx('pronta', 'match_workflow', ['prouni'], 'ganho 2000 por pessoa', { match: { step: 'socioeconomic', values: {}, expecting: ['income_per_capita'] } }))).toEqual(['match']);
    expect(await route(ctx('pronta', 'sisu_workflow', ['root'], 'obrigada'))).toEqual(['sisu']);
    expect(await route(ctx('pronta', 'sisu_workflow', ['match'], 'quero achar uma faculdade'))).toEqual(['match']);
    expect(await route(ctx('pronta', 'prouni_workflow', ['exit'], 'sair'))).toEqual(['exit']);
    // A stale onboarding tag on a session whose profile is complete does not trap the student.
    expect(await route(ctx('pronta', 'onboarding_workflow', ['root'], 'oi'))).toEqual(['root']);
  });
});

describe('the cascade checks', () => {
  it('tells date questions apart', () => {
    expect(isDateQuestion('quando abre o Sisu?')).toBe(true);
    expect(isDateQuestion('qual o prazo pra se inscrever')).toBe(true);
    expect(isDateQuestion('como funciona a lista de espera?')).toBe(false);
  });

  it('answers from the calendar only what it has', () => {
    expect(datesFor('quando abre o sisu?', calendar).map((d) => d.event)).toEqual(['Inscrições (prazo final prorrogado)']);
    expect(datesFor('quando é a lista de espera do sisu?', calendar).map((d) => d.event)).toEqual(['Manifestação de interesse na lista de espera']);
    expect(datesFor('quais as datas do sisu?', calendar)).toHaveLength(calendar.length);
    expect(datesFor('quando começam as aulas do sisu?', calendar)).toEqual([]);
    expect(datesFor('quando sai o resultado do sisu?', calendar)).toEqual([]); // the 2019/1 note has no Sisu result date
  });

  it("keeps the program's passages that share a content word with the question", () => {
    const p = (doc: string, content: string): Passage => ({ doc, heading: '', content, score: 1 });
    const passages = [p('prouni.md', 'Lista de espera do Prouni…'), p('sisu.md', 'Nota de corte e classificação'), p('sisu.md', 'Lista de espera do Sisu: primeira opção')];
    expect(relevantPassages('como funciona a lista de espera?', passages, 'sisu').map((x) => x.content)).toEqual(['Lista de espera do Sisu: primeira opção']);
    expect(relevantPassages('quando começam as aulas?', passages, 'sisu')).toEqual([]);
    expect(contentStems('Quando é o SISU?')).toEqual([]);
    expect(contentStems('quando começam as aulas do Sisu?')).toEqual(['comec', 'aulas']);
  });

  it('recognises small talk and an opening without a question', () => {
    expect(isSmallTalk('obrigada!')).toBe(true);
    expect(isSmallTalk('obrigada, e a nota de corte?')).toBe(false);
    expect(isIntro('quero ajuda com o sisu')).toBe(true);
    expect(isIntro('tenho dúvida sobre o prouni')).toBe(true);
    expect(isIntro('quero saber a nota de corte do sisu')).toBe(false);
  });
});

describe('match workflow pieces', () => {
  const catalog = buildCatalog(['Direito', 'Psicologia']);

  it('reads the four preferences at once and "tanto faz" only when the institution type was asked', () => {
    expect(extractMatchValues('Direito, tirei 700, à noite, pública', { catalog })).toEqual({ course_interest: 'Direito', enem_score: 700, shift: 'Noturno', institution_type: 'publica' });
    expect(extractMatchValues('tanto faz', { catalog, expecting: ['institution_type'] })).toEqual({ institution_type: 'qualquer' });
    expect(extractMatchValues('tanto faz', { catalog, expecting: ['shift'] })).toEqual({});
  });

  it('filters by eligibility and the kind of institution wanted', () => {
    expect(eligibilityFilters('prouni_integral', 'publica').filters).toEqual({ institution_type: 'publica' });
    expect(eligibilityFilters('prouni_integral', 'privada').filters).toEqual({ institution_type: 'privada' });
    expect(eligibilityFilters('prouni_parcial', 'privada').filters).toEqual({ eligibility: 'prouni_parcial' });
    expect(eligibilityFilters('prouni_parcial', 'qualquer')).toEqual({ filters: {}, excludeProuniIntegral: true });
    expect(eligibilityFilters('sisu', 'privada').filters).toMatchObject({ eligibility: 'sisu' });
  });

  it('widens the search from the city to its state, then to its region', async () => {
    const filters = { course: 'direito', score: 700, shift: 'Noturno', institution_type: 'publica' };
    const state = await searchNearby(sql, { filters: { ...filters, city: 'Recife', state: 'PE' } });
    expect(state).toMatchObject({ scope: 'state', widenedFrom: 'Recife', widenedTo: 'Pernambuco' });
    expect(state.results.map((r) => `${r.institution_short} ${r.city}`)).toEqual(['UFPE Caruaru']);
    const region = await searchNearby(sql, { filters: { ...filters, city: 'Natal', state: 'RN' } });
    expect(region).toMatchObject({ scope: 'region', widenedFrom: 'Natal', widenedTo: 'toda a região Nordeste' });
    expect(region.results.map((r) => r.city)).toEqual(['Caruaru']);
    const none = await searchNearby(sql, { filters: { ...filters, city: 'Campinas', state: 'SP' } });
    expect(none.results).toEqual([]);
    expect(regionOf('PI')).toBe('Nordeste');
    expect(stateName('SP')).toBe('São Paulo');
    expect(stateName('RS')).toBe('Rio Grande do Sul');
  });
});

describe('Brazilian number format', () => {
  it('writes decimals with a comma and thousands with a dot', () => {
    expect(brNumber(1.5)).toBe('1,5');
    expect(brNumber(3)).toBe('3');
    expect(brNumber(1500 / 1412)).toBe('1,06');
    expect(brMoney(2118)).toBe('2.118,00');
  });
});
