// The pieces the agents are made of: the routing rules' decisions, the cascade's relevance checks, the match
// workflow's filters and the widening search, and Brazilian number formatting.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { readBotConfig, type RouteContext, type Sql, type TableSearchParams } from 'switchboard';
import { calendarOf, isOpening, memoryStore, type Passage, readKnowledgeDir, routeTurn, searchTable, topicRouterFor, writeProfile } from 'switchboard/testing';
import { buildCatalog } from './extract.ts';
import { brMoney, brNumber, type Opportunity } from './format.ts';
import { stateName } from './vocab.ts';
import { eligibilityFilters, extractMatchValues } from './match.ts';
import { predicates } from './predicates.ts';
import { migrations } from './schema.ts';
import { loadData, writeFixtureData } from './testing.ts';

let sql: Sql;
beforeAll(async () => {
  sql = await memoryStore({ migrations });
  await loadData(sql, writeFixtureData());
});

// The cascade is the runtime's (bot.yaml `answers:` and the intents' `answer:`); these check Cloudinha's data in it.
const config = readBotConfig(fileURLToPath(new URL('.', import.meta.url)));
const dates = calendarOf(config)!;
const calendar = dates.ofSubject('Sisu');
const ranker = topicRouterFor(config)!;
const isDateQuestion = (text: string) => dates.isDateQuestion(text);
const datesFor = (text: string) => dates.answering(text, calendar, ranker.contentWords);
const isIntro = (text: string) => isOpening(config, text);
/** The program's passages that answer the question, best first (the sisu and prouni intents search their own document). */
const relevantPassages = (text: string, passages: Passage[], program: 'sisu' | 'prouni') =>
  ranker.rankPassages(text, passages.filter((p) => config.intents[program].answer!.documents.includes(p.doc)));

describe('routing (bot.yaml routing.rules with the predicates of predicates.ts)', () => {
  const bot = readBotConfig(import.meta.dirname);
  const route = async (c: RouteContext) => (await routeTurn({ predicates }, c)).routes;
  const ruleOf = async (c: RouteContext) => (await routeTurn({ predicates }, c)).rule;
  const student = (id: string, values: Record<string, unknown>) => writeProfile(sql, 'cloudinha', id, values);
  const ctx = (userId: string, active: string | null, intents: string[], text = 'x', memory: Record<string, unknown> = {}) =>
    ({ text, intents, memory, sql, session: { id: `s-${userId}`, userId, activeWorkflow: active }, understanding: {}, bot }) as unknown as RouteContext;

  it('puts onboarding first, then follows the active workflow, switching on a change of subject', async () => {
    expect(await route(ctx('nova', null, ['sisu']))).toEqual(['onboarding']);
    await student('pronta', { name: 'Bia', onboarding_completed: true });
    expect(await route(ctx('pronta', null, ['sisu']))).toEqual(['sisu']); // a program's question opens its subject
    expect(await route(ctx('pronta', null, ['match'], 'me ajuda a escolher um curso'))).toEqual(['match']); // the match form opens
    expect(await route(ctx('pronta', 'match_workflow', ['sisu'], 'e o sisu, quando abre?'))).toEqual(['sisu']);
    expect(await route(ctx('pronta', 'match_workflow', ['prouni'], 'ganho 2000 por pessoa', { match: { stage: 'income_per_capita', slots: {}, attempts: 0, asking: ['income_per_capita'] } }))).toEqual(['match']);
    expect(await route(ctx('pronta', 'sisu_workflow', ['root'], 'obrigada'))).toEqual(['sisu']);
    expect(await route(ctx('pronta', 'sisu_workflow', ['match'], 'quero achar uma faculdade'))).toEqual(['match']);
    expect(await route(ctx('pronta', 'prouni_workflow', ['exit'], 'sair'))).toEqual(['exit']);
    // A stale onboarding tag on a session whose profile is complete does not trap the student.
    expect(await route(ctx('pronta', 'onboarding_workflow', ['root'], 'oi'))).toEqual(['root']);
  });

  it('names the rule that routed, for the trace', async () => {
    expect(await ruleOf(ctx('nova', null, ['sisu']))).toBe('routing.rules[2] (onboarding first)');
    expect(await ruleOf(ctx('pronta', 'sisu_workflow', ['root'], 'obrigada'))).toBe('routing.rules[14] (program follow-up)');
  });

  it('lets a question naming the program the classifier heard past an onboarding that has asked, unless it answers it', async () => {
    const asked = { onboarding: { stage: 'name', slots: {}, attempts: 0, asking: ['name', 'age', 'city', 'education'] } };
    expect(await route(ctx('nova', null, ['sisu'], 'quando abre o sisu?', asked))).toEqual(['sisu']);
    expect(await route(ctx('nova', null, ['sisu'], 'quando abre o sisu?'))).toEqual(['onboarding']); // nothing asked yet
    expect(await route(ctx('nova', null, ['prouni'], 'quando abre o sisu?', asked))).toEqual(['onboarding']); // another program heard
  });

  it('continues the workflow with an answer it is waiting for, even when the classifier says exit', async () => {
    await student('caio', { name: 'Caio', onboarding_completed: true });
    const waiting = { match: { stage: 'institution_type', slots: { course_interest: 'Enfermagem', enem_score: 620, shift: 'Noturno' }, attempts: 0, asking: ['institution_type'] } };
    expect(await route(ctx('caio', 'match_workflow', ['exit'], 'particular', waiting))).toEqual(['match']);
    expect(await route(ctx('caio', 'match_workflow', ['exit'], 'tanto faz', waiting))).toEqual(['match']);
    const income = { match: { stage: 'income_per_capita', slots: {}, attempts: 0, asking: ['income_per_capita'] } };
    expect(await route(ctx('caio', 'match_workflow', ['exit'], 'a gente vive com 1 salário mínimo', income))).toEqual(['match']);
    // Only an explicit exit phrase leaves; a classifier's exit guess without one keeps the progress.
    expect(await route(ctx('caio', 'match_workflow', ['exit'], 'não quero mais procurar', waiting))).toEqual(['exit']);
    expect(await route(ctx('caio', 'match_workflow', ['exit'], 'hmm deixa eu pensar', waiting))).toEqual(['match']);
    expect(await route(ctx('caio', null, ['exit'], 'to meio perdida'))).toEqual(['root']);
  });

  it('keeps follow-up questions with the active program; only a search request or the other program switches', async () => {
    await student('lia', { name: 'Lia', onboarding_completed: true });
    expect(await route(ctx('lia', 'sisu_workflow', ['match'], 'posso me inscrever em quantos cursos?'))).toEqual(['sisu']);
    expect(await route(ctx('lia', 'sisu_workflow', ['match'], 'como pesquiso as vagas no sisu?'))).toEqual(['sisu']);
    expect(await route(ctx('lia', 'sisu_workflow', ['match'], 'me acha uma faculdade de direito'))).toEqual(['match']);
    expect(await route(ctx('lia', 'prouni_workflow', ['sisu'], 'e qual a nota minima?'))).toEqual(['prouni']);
    expect(await route(ctx('lia', 'prouni_workflow', ['sisu'], 'e no sisu, como é?'))).toEqual(['sisu']);
  });
});

describe('the cascade checks', () => {
  it('tells date questions apart', () => {
    expect(isDateQuestion('quando abre o Sisu?')).toBe(true);
    expect(isDateQuestion('qual o prazo pra se inscrever')).toBe(true);
    expect(isDateQuestion('como funciona a lista de espera?')).toBe(false);
  });

  it('answers from the calendar only what it has', () => {
    expect(datesFor('quando abre o sisu?').map((d) => d.event)).toEqual(['Inscrições (prazo final prorrogado)']);
    expect(datesFor('quando é a lista de espera do sisu?').map((d) => d.event)).toEqual(['Manifestação de interesse na lista de espera']);
    expect(calendar).toHaveLength(2);
    expect(datesFor('quais as datas do sisu?')).toHaveLength(calendar.length);
    expect(datesFor('quando começam as aulas do sisu?')).toEqual([]);
    expect(datesFor('quando sai o resultado do sisu?')).toEqual([]); // the 2019/1 note has no Sisu result date
  });

  it("keeps the program's passages that share a content word with the question", () => {
    const p = (doc: string, content: string): Passage => ({ doc, heading: '', content, score: 1 });
    const passages = [p('prouni.md', 'Lista de espera do Prouni…'), p('sisu.md', 'Nota de corte e classificação'), p('sisu.md', 'Lista de espera do Sisu: primeira opção')];
    expect(relevantPassages('como funciona a lista de espera?', passages, 'sisu').map((x) => x.content)).toEqual(['Lista de espera do Sisu: primeira opção']);
    expect(relevantPassages('quando começam as aulas?', passages, 'sisu')).toEqual([]);
    expect(ranker.contentWords('Quando é o SISU?')).toEqual([]);
    expect(ranker.contentWords('quando começam as aulas do Sisu?')).toEqual(['comec', 'aula']); // plurals fold: "aulas" ~ "aula"
  });

  it('recognises an opening without a question', () => {
    expect(isIntro('quero ajuda com o sisu')).toBe(true);
    expect(isIntro('tenho dúvida sobre o prouni')).toBe(true);
    expect(isIntro('me ajuda com o sisu?')).toBe(true);
    expect(isIntro('bora falar do sisu')).toBe(true);
    expect(isIntro('quero saber a nota de corte do sisu')).toBe(false);
    expect(isIntro('me explica o sisu')).toBe(false); // asks for the overview, not an opening
  });

  describe('ranks the sections of the real knowledge documents', () => {
    const dir = fileURLToPath(new URL('./knowledge/', import.meta.url));
    const chunks = readKnowledgeDir(dir).map((c) => ({ ...c, score: 1 }));
    // Both orders: the ranking must not lean on the full-text order.
    const best = (text: string, program: 'sisu' | 'prouni') =>
      [chunks, [...chunks].reverse()].map((list) => relevantPassages(text, list, program)[0]?.heading);
    it.each([
      ['me explica como funcionam as cotas no sisu', 'sisu', /^Cotas/],
      ['quais documentos preciso levar pra matrícula do sisu?', 'sisu', /^Documentos para a matrícula/],
      ['posso me inscrever em quantos cursos?', 'sisu', /^Como se inscrever no Sisu/],
      ['quem pode se inscrever no sisu?', 'sisu', /^Quem pode participar do Sisu/],
      ['me explica o sisu', 'sisu', /^O que é o Sisu/],
      ['quem pode se inscrever no prouni?', 'prouni', /^Quem pode participar do Prouni/],
      ['como me inscrevo no prouni?', 'prouni', /^Como se inscrever no Prouni/],
      ['e qual a nota minima?', 'prouni', /^Nota mínima/],
      ['professor da rede pública pode participar do prouni?', 'prouni', /^Professor da rede pública/],
    ] as const)('%s → %s', (text, program, heading) => {
      for (const h of best(text, program)) expect(h).toMatch(heading);
    });
    it('keeps the note on where the text comes from out of the answers', () => {
      for (const q of ['como funcionam as cotas?', 'quais as regras do prouni?', 'qual a lei do sisu?']) {
        for (const program of ['sisu', 'prouni'] as const) expect(relevantPassages(q, chunks, program)[0]?.heading).not.toMatch(/^Origem/);
      }
    });
  });
});

describe('match workflow pieces', () => {
  const searchNearby = async (sql: Sql, params: TableSearchParams) => {
    const found = await searchTable<Opportunity>(sql, config, 'opportunities', params);
    return { ...found, results: found.rows };
  };
  const catalog = buildCatalog(['Direito', 'Psicologia']);

  it('reads the four preferences at once and "tanto faz" only when the institution type was asked', () => {
    expect(extractMatchValues('Direito, tirei 700, à noite, pública', { catalog })).toEqual({ course_interest: 'Direito', enem_score: 700, shift: 'Noturno', institution_type: 'publica' });
    expect(extractMatchValues('tanto faz', { catalog, expecting: ['institution_type'] })).toEqual({ institution_type: 'qualquer' });
    expect(extractMatchValues('tanto faz', { catalog, expecting: ['shift'] })).toEqual({});
    // A bare "tanto faz" at the end of a full message answers the only preference left.
    expect(extractMatchValues('direito, tirei 700, à noite, tanto faz', { catalog })).toMatchObject({ institution_type: 'qualquer' });
    expect(extractMatchValues('direito, tanto faz', { catalog })).toEqual({ course_interest: 'Direito' });
    expect(extractMatchValues('tanto faz', { catalog, values: { course_interest: 'Direito', enem_score: 700, shift: 'Noturno' } })).toEqual({ institution_type: 'qualquer' });
    expect(extractMatchValues('quero direito, 700, de manhã, tanto faz se é pública ou privada', { catalog })).toMatchObject({ institution_type: 'qualquer', shift: 'Matutino' });
    // Minimum wages become money with the wage the bot is configured with.
    expect(extractMatchValues('só eu e minha mãe, 1 salário mínimo', { catalog, expecting: ['income_per_capita'] })).toEqual({ income_per_capita: 706 });
  });

  it('filters by eligibility and the kind of institution wanted', () => {
    expect(eligibilityFilters('prouni_integral', 'publica').filters).toEqual({ institution_type: 'publica' });
    expect(eligibilityFilters('prouni_integral', 'privada').filters).toEqual({ institution_type: 'privada' });
    expect(eligibilityFilters('prouni_parcial', 'privada').filters).toEqual({ eligibility: 'prouni_parcial' });
    expect(eligibilityFilters('prouni_parcial', 'qualquer')).toEqual({ filters: {}, excludeProuniIntegral: true });
    expect(eligibilityFilters('sisu', 'privada').filters).toMatchObject({ eligibility: 'sisu' });
  });

  it('widens the search from the city to its state, then to its region (bot.yaml widen steps)', async () => {
    const filters = { course: 'direito', score: 700, shift: 'Noturno', institution_type: 'publica' };
    const state = await searchNearby(sql, { filters: { ...filters, city: 'Recife', state: 'PE' } });
    expect(state.widened).toEqual({ from: 'Recife', to: 'PE', filter: 'state' });
    expect(state.results.map((r) => `${r.institution_short} ${r.city}`)).toEqual(['UFPE Caruaru']);
    const region = await searchNearby(sql, { filters: { ...filters, city: 'Natal', state: 'RN' } });
    expect(region.widened).toEqual({ from: 'Natal', to: 'Nordeste', filter: 'states' });
    expect(region.results.map((r) => r.city)).toEqual(['Caruaru']);
    const none = await searchNearby(sql, { filters: { ...filters, city: 'Campinas', state: 'SP' } });
    expect(none.results).toEqual([]);
    expect(stateName('SP')).toBe('São Paulo');
    expect(stateName('RS')).toBe('Rio Grande do Sul');
  });

  it('looks for the course itself before namesakes, and says when only namesakes were found', async () => {
    // Fixture: MEDICINA at UNICAMP (Campinas/SP, cut-off 800), MEDICINA VETERINÁRIA at UFRPE (Recife/PE, 740):
    // from Recife the search widens to the Nordeste and finds only the namesake.
    const exact = await searchNearby(sql, { filters: { course: 'Medicina', score: 850, city: 'Campinas', state: 'SP' } });
    expect(exact.results.map((r) => r.course.toLowerCase())).toEqual(['medicina']);
    expect(exact.matched).toBe('exact');
    const similar = await searchNearby(sql, { filters: { course: 'Medicina', score: 760, city: 'Recife', state: 'PE' } });
    expect(similar.results.map((r) => r.course.toLowerCase())).toEqual(['medicina veterinária']);
    expect(similar.matched).toBe('words');
    const vet = await searchNearby(sql, { filters: { course: 'Medicina Veterinária', city: 'Recife', state: 'PE' } });
    expect(vet.results.map((r) => r.institution_short)).toEqual(['UFRPE']);
    expect(vet.matched).toBe('exact');
    // A family's name asks for any of its courses: no namesakes to apologise for.
    const eng = await searchNearby(sql, { filters: { course: 'engenharia', city: 'Recife' } });
    expect(eng).toMatchObject({ matched: 'broad', results: [{ course: 'Engenharia Civil' }] });
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
