// Cloudinha's forms read by the runtime (bot.yaml `read: message`) with the bot's course reader and the data's
// vocabulary: every slot of both forms a message carries.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { readBotConfig, readFormSlots, SlotText, type Slots } from 'switchboard';
import { checkProfileUpdates, extendGazetteer, memoryStore, readHousehold, readIndifferent, readMoney } from 'switchboard/testing';
import { buildCatalog, loadCatalog, readCourse, type Catalog } from './extract.ts';
import { migrations } from './schema.ts';
import { loadData, writeFixtureData } from './testing.ts';

const bot = readBotConfig(dirname(fileURLToPath(import.meta.url)));
const income = bot.entities.find((e) => e.type === 'income')!.money!;
const household = bot.entities.find((e) => e.type === 'household_size')!.household!;
const institutionType = bot.gazetteers.find((g) => g.type === 'institution_type')!;

/** What the cases say: the slots asked, as the forms' last question asked them. */
interface ExtractOptions {
  expecting?: string | string[];
}

/** The slots of the case tables, with the parts a per-person income and a "whichever" are made of. */
interface ExtractedSlots extends Record<string, string | number | boolean | undefined> {
  /** Family income as stated, when it was divided by the household size. */
  household_income?: number;
  household_size?: number;
  /** An income said in minimum wages, as that number of wages. */
  income_minimum_wages?: number;
  /** No preference between public and private: the match form keeps `qualquer`. */
  institution_any?: boolean;
  /** A bare "tanto faz" that names no slot. */
  indifferent?: boolean;
}

const asking = (opts: ExtractOptions) => (opts.expecting === undefined ? [] : Array.isArray(opts.expecting) ? opts.expecting : [opts.expecting]);
const readers = { course: readCourse };

/** The onboarding form's slots in the message, as the runtime reads them. */
function extractOnboardingSlots(text: string, opts: ExtractOptions & { catalog?: Catalog } = {}): Slots {
  return readFormSlots(bot, bot.forms.onboarding, { text, asking: asking(opts), vocabulary: opts.catalog, readers });
}

/** The match form's slots in the message, as the runtime reads them. */
function extractMatchSlots(text: string, opts: ExtractOptions & { catalog?: Catalog; values?: Slots } = {}): Slots {
  return readFormSlots(bot, bot.forms.match, { text, asking: asking(opts), slots: opts.values, vocabulary: opts.catalog, readers });
}

/** Both forms' slots. */
function extractSlots(text: string, opts: ExtractOptions & { catalog?: Catalog } = {}): Slots {
  return { ...extractOnboardingSlots(text, opts), ...extractMatchSlots(text, opts) };
}

// A catalog like the one loadCatalog builds from the data, kept small and explicit.
const catalog: Catalog = buildCatalog(
  ['Direito', 'Pedagogia', 'Medicina', 'Medicina Veterinária', 'CIÊNCIA DA COMPUTAÇÃO', 'Engenharia Civil', 'Psicologia', 'Administração', 'Educação Física', 'Física'],
  [
    { name: 'Recife', state: 'PE' },
    { name: 'Campinas', state: 'SP' },
    { name: 'São Paulo', state: 'SP' },
    { name: 'Caruaru', state: 'PE' },
    { name: 'Natal', state: 'RN' },
    { name: 'Feira de Santana', state: 'BA' },
    { name: 'Bom Jesus', state: 'PI' },
    { name: 'Bom Jesus', state: 'RS' },
    { name: 'Belo Horizonte', state: 'MG' },
    { name: 'Porto Alegre', state: 'RS' },
  ],
);

const CASES: [string, ExtractOptions, ExtractedSlots][] = [
  // the spec's example: four match slots at once
  ['Direito, tirei 700, à noite, pública', {}, { course_interest: 'Direito', enem_score: 700, shift: 'Noturno', institution_type: 'publica' }],
  // onboarding
  ['me chamo Ana, tenho 17 anos e moro em Recife', {}, { name: 'Ana', age: 17, city: 'Recife', state: 'PE' }],
  ['sou a Ana Souza, de Campinas - SP', {}, { name: 'Ana Souza', city: 'Campinas', state: 'SP' }],
  ['meu nome é João Pedro da Silva e terminei o ensino médio', {}, { name: 'João Pedro da Silva', education: 'medio_completo' }],
  ['Ana', { expecting: 'name' }, { name: 'Ana' }],
  ['maria eduarda', { expecting: 'name' }, { name: 'Maria Eduarda' }],
  ['oi', { expecting: 'name' }, {}],
  ['17', { expecting: 'age' }, { age: 17 }],
  ['tenho dezessete anos', {}, { age: 17 }],
  ['estou no 3º ano', {}, { education: 'medio_cursando', school_year: 3 }],
  ['to no segundo ano do ensino medio', {}, { education: 'medio_cursando', school_year: 2 }],
  ['cursando', { expecting: 'education' }, { education: 'medio_cursando' }],
  ['ensino médio completo', {}, { education: 'medio_completo' }],
  ['já sou formado em administração', {}, { education: 'superior_completo', course_interest: 'Administração' }],
  ['moro em sao paulo', {}, { city: 'São Paulo', state: 'SP' }],
  ['sou de Xique-Xique - BA', {}, { city: 'Xique-Xique', state: 'BA' }],
  ['moro em Feira de Santana com minha mãe', {}, { city: 'Feira de Santana', state: 'BA' }],
  ['moro em Bom Jesus', {}, { city: 'Bom Jesus' }], // two states in the data: state left open
  ['moro na Bahia', {}, { state: 'BA' }],
  ['Ana, 17, Recife', { expecting: ['name', 'age', 'city'] }, { name: 'Ana', age: 17, city: 'Recife', state: 'PE' }],
  ['Caruaru', { expecting: 'city' }, { city: 'Caruaru', state: 'PE' }],
  ['moro em Recife, to no 3 ano', {}, { city: 'Recife', state: 'PE', education: 'medio_cursando', school_year: 3 }],
  // match
  ['quero medicina, nota 650,5', {}, { course_interest: 'Medicina', enem_score: 650.5 }],
  ['ciência da computação de manhã', {}, { course_interest: 'Ciência da Computação', shift: 'Matutino' }],
  ['eng civil em universidade federal', {}, { course_interest: 'Engenharia Civil', institution_type: 'publica' }],
  ['700 pontos, particular, noturno', {}, { enem_score: 700, institution_type: 'privada', shift: 'Noturno' }],
  ['medicina veterinária em Natal', {}, { course_interest: 'Medicina Veterinária', city: 'Natal', state: 'RN' }],
  ['quero ser médica', {}, { course_interest: 'Medicina' }],
  ['psico de tarde', {}, { course_interest: 'Psicologia', shift: 'Vespertino' }],
  ['ed física integral', {}, { course_interest: 'Educação Física', shift: 'Integral' }],
  ['tirei 9 na redação e 680 no enem', {}, { enem_score: 680 }],
  ['680', { expecting: 'enem_score' }, { enem_score: 680 }],
  // a score in words; small numbers in words near a cue are below the score's minimum
  ['a nota foi quinhentos e noventa no enem', {}, { enem_score: 590 }],
  ['setecentos e vinte', { expecting: 'enem_score' }, { enem_score: 720 }],
  ['fiz o enem duas vezes', {}, {}],
  // a city by its nickname (bot.yaml's city gazetteer), or with its state typed in capitals after a space
  ['quero estudar em bh', {}, { city: 'Belo Horizonte', state: 'MG' }],
  ['vivo em poa com meus avós', {}, { city: 'Porto Alegre', state: 'RS' }],
  ['Luana, 19 anos, Caruaru PE', { expecting: ['name', 'age', 'city', 'education'] }, { name: 'Luana', age: 19, city: 'Caruaru', state: 'PE' }],
  ['EAD', {}, { shift: 'EaD' }],
  // income
  ['renda de 1500 por pessoa', {}, { income_per_capita: 1500 }],
  ['R$ 2.000', {}, { income_per_capita: 2000 }],
  ['ganhamos 3 mil em 4 pessoas', {}, { income_per_capita: 750, household_income: 3000, household_size: 4 }],
  ['a renda aqui em casa é 2400 e somos 3', {}, { income_per_capita: 800, household_income: 2400, household_size: 3 }],
  ['moro com mais 3 pessoas e a renda é R$ 4.000,00', {}, { income_per_capita: 1000, household_income: 4000, household_size: 4 }],
  ['1800', { expecting: 'income_per_capita' }, { income_per_capita: 1800 }],
  ['tirei 700 e minha renda é 1.200 por pessoa', {}, { enem_score: 700, income_per_capita: 1200 }],
  // income in minimum wages (converted with bot.yaml's minimum wage, R$ 1.412) and households named person by person
  ['sou só eu e minha vó, a gente vive com 1 salário mínimo', { expecting: 'income_per_capita' }, { income_minimum_wages: 1, household_income: 1412, household_size: 2, income_per_capita: 706 }],
  ['moro com minha mãe e meus 2 irmãos, a renda é de dois salários mínimos', {}, { income_minimum_wages: 2, household_income: 2824, household_size: 4, income_per_capita: 706 }],
  ['meio salário por pessoa', {}, { income_minimum_wages: 0.5, income_per_capita: 706 }],
  ['eu, meu pai e minha mãe vivemos com um salário e meio', {}, { income_minimum_wages: 1.5, household_income: 2118, household_size: 3, income_per_capita: 706 }],
  ['somos eu e meus pais, renda de 3 mil', {}, { household_income: 3000, household_size: 3, income_per_capita: 1000 }],
  ['a renda é de 2 salários', {}, { income_minimum_wages: 2, income_per_capita: 2824 }],
  ['eu e meus irmãos ganhamos 2 salários', {}, { income_minimum_wages: 2, income_per_capita: 2824 }], // how many brothers: unknown
  // no preference between public and private
  ['tanto faz se é pública ou privada', {}, { institution_any: true }],
  ['pode ser tanto pública quanto particular', {}, { institution_any: true }],
  ['qualquer uma serve', { expecting: 'institution_type' }, { institution_any: true }],
  ['pedagogia EaD, tanto faz', {}, { course_interest: 'Pedagogia', shift: 'EaD', indifferent: true }],
  ['federal ou estadual', {}, { institution_type: 'publica' }],
  // things that are NOT slots
  ['tenho direito ao prouni?', {}, {}],
  ['boa tarde! quero bolsa integral', {}, {}],
  ['boa noite cloudinha', {}, {}],
  ['boa noite! prefiro estudar de manhã', {}, { shift: 'Matutino' }],
  ['faculdade online, pelo prouni com 100% integral', {}, { shift: 'EaD' }],
  ['estudei em escola pública e quero uma particular', {}, { institution_type: 'privada' }],
  ['sou a primeira da família a fazer faculdade', {}, {}],
  ['estudei por 3 anos em casa', {}, {}],
  ['pessoa física pode pagar?', {}, {}],
];

describe('extractSlots', () => {
  it.each(CASES)('%s %j', (text, opts, expected) => {
    const { household_income, household_size, income_minimum_wages, institution_any, indifferent, ...slots } = expected;
    const read = extractSlots(text, { catalog, ...opts });
    expect(read).toEqual({ ...slots, ...(institution_any ? { institution_type: 'qualquer' } : {}) });
    // What the per-person income was made of, read by the same runtime readers in the same order.
    const message = new SlotText(text);
    const money = readMoney(message, income, 'pt', asking(opts).includes('income_per_capita'));
    if (income_minimum_wages !== undefined) expect(money?.units).toBe(income_minimum_wages);
    if (household_income !== undefined) expect(money?.value).toBe(household_income);
    if (household_size !== undefined) expect(readHousehold(message, household, 'pt')?.size).toBe(household_size);
    if (indifferent) {
      // A bare "tanto faz" names no preference: it answers the type only once the other three are known.
      expect(readIndifferent(new SlotText(text), institutionType)?.kind).toBe('unnamed');
      expect(read.institution_type).toBeUndefined();
      expect(extractMatchSlots(text, { catalog, values: { enem_score: 600 } }).institution_type).toBe('qualquer');
    }
  });

  it('covers at least 25 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(25);
  });

  it('splits onboarding and match slots, and keeps only profile columns for updates', () => {
    const text = 'me chamo Ana, moro em Recife, quero direito e tirei 700; somos 4 e ganhamos 3 mil';
    expect(extractOnboardingSlots(text, { catalog })).toEqual({ name: 'Ana', city: 'Recife', state: 'PE' });
    const match = extractMatchSlots(text, { catalog });
    expect(match).toMatchObject({ course_interest: 'Direito', enem_score: 700, income_per_capita: 750, city: 'Recife' });
    const updates = checkProfileUpdates(bot.profile!, bot.gazetteers, extractSlots(text, { catalog }));
    expect(updates.rejected).toEqual([]);
    expect(Object.keys(updates.values).sort()).toEqual(['city', 'course_interest', 'enem_score', 'income_per_capita', 'name', 'state']);
  });

  it('works without a catalog for common courses', () => {
    expect(extractSlots('quero fazer odontologia a noite')).toEqual({ course_interest: 'Odontologia', shift: 'Noturno' });
  });
});

describe('loadCatalog', () => {
  let loaded: Catalog;
  beforeAll(async () => {
    const sql = await memoryStore({ migrations });
    await loadData(sql, writeFixtureData());
    loaded = await loadCatalog(sql);
  });

  it('knows the courses and cities in the data, spelled for display', () => {
    // The runtime extends bot.yaml's course gazetteer with them (a name listed there keeps its spelling).
    const courses = extendGazetteer(bot.gazetteers.find((g) => g.type === 'course')!, loaded.gazetteers.course);
    expect(Object.keys(courses.values)).toEqual(expect.arrayContaining(['Direito', 'Medicina Veterinária', 'Engenharia Civil', 'Letras']));
    expect(loaded.cities.map((c) => `${c.name}/${c.state}`).sort()).toEqual(['Campinas/SP', 'Caruaru/PE', 'Olinda/PE', 'Recife/PE']);
  });

  it('feeds extraction with data cities', () => {
    expect(extractSlots('quero estudar em olinda', { catalog: loaded })).toEqual({ city: 'Olinda', state: 'PE' });
  });
});
