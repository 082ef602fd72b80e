// Vocabulary shared by the search tool and slot extraction: states, shifts, institution types, course aliases.
// Keys are folded (lowercase, no accents); see text.ts `fold`.
import { foldDiacritics } from 'switchboard';

export const UFS = [
  'AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI', 'PR',
  'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO',
] as const;
export type Uf = (typeof UFS)[number];

export const STATE_NAMES: Record<string, Uf> = {
  acre: 'AC', alagoas: 'AL', amazonas: 'AM', amapa: 'AP', bahia: 'BA', ceara: 'CE', 'distrito federal': 'DF',
  'espirito santo': 'ES', goias: 'GO', maranhao: 'MA', 'minas gerais': 'MG', 'mato grosso do sul': 'MS',
  'mato grosso': 'MT', para: 'PA', paraiba: 'PB', pernambuco: 'PE', piaui: 'PI', parana: 'PR',
  'rio de janeiro': 'RJ', 'rio grande do norte': 'RN', rondonia: 'RO', roraima: 'RR', 'rio grande do sul': 'RS',
  'santa catarina': 'SC', sergipe: 'SE', 'sao paulo': 'SP', tocantins: 'TO',
};

/** A UF from "sp", "SP", "São Paulo" (the state), or null. */
export function toUf(value: string): Uf | null {
  const v = value.trim();
  const upper = v.toUpperCase();
  if ((UFS as readonly string[]).includes(upper)) return upper as Uf;
  const folded = foldDiacritics(v).toLowerCase().replace(/\s+/g, ' ');
  return STATE_NAMES[folded] ?? null;
}

export const SHIFTS = ['Matutino', 'Vespertino', 'Noturno', 'Integral', 'EaD'] as const;
export type Shift = (typeof SHIFTS)[number];

/** Folded words → canonical shift, for filters ("noite", "noturno", "a distancia"). */
export const SHIFT_WORDS: Record<string, Shift> = {
  matutino: 'Matutino', manha: 'Matutino', manhas: 'Matutino',
  vespertino: 'Vespertino', tarde: 'Vespertino', tardes: 'Vespertino',
  noturno: 'Noturno', noite: 'Noturno', noites: 'Noturno', 'a noite': 'Noturno', 'de noite': 'Noturno',
  integral: 'Integral',
  ead: 'EaD', 'a distancia': 'EaD', distancia: 'EaD', online: 'EaD', 'curso a distancia': 'EaD', remoto: 'EaD',
};

export type InstitutionType = 'publica' | 'privada';
export const INSTITUTION_WORDS: Record<string, InstitutionType> = {
  publica: 'publica', publico: 'publica', federal: 'publica', estadual: 'publica', municipal: 'publica',
  privada: 'privada', privado: 'privada', particular: 'privada', paga: 'privada',
};

/**
 * Abbreviations students use, folded → folded course words. Applied word by word before matching
 * ("eng civil" → "engenharia civil", "cc" → "ciencia da computacao").
 */
export const COURSE_ALIASES: Record<string, string> = {
  eng: 'engenharia', engenharias: 'engenharia', engs: 'engenharia',
  adm: 'administracao', admin: 'administracao',
  cc: 'ciencia da computacao', bcc: 'ciencia da computacao',
  'ciencias da computacao': 'ciencia da computacao', 'ciencia da comp': 'ciencia da computacao',
  'ciencia de computacao': 'ciencia da computacao',
  comp: 'computacao',
  ads: 'analise e desenvolvimento de sistemas',
  psico: 'psicologia', odonto: 'odontologia', vet: 'medicina veterinaria', veterinaria: 'medicina veterinaria',
  med: 'medicina', enf: 'enfermagem', fisio: 'fisioterapia', nutri: 'nutricao', farma: 'farmacia',
  contabeis: 'ciencias contabeis', contabilidade: 'ciencias contabeis', biologia: 'ciencias biologicas',
  bio: 'ciencias biologicas', 'ed fisica': 'educacao fisica', 'edu fisica': 'educacao fisica',
  edfisica: 'educacao fisica', arq: 'arquitetura e urbanismo', arquitetura: 'arquitetura e urbanismo',
  rh: 'gestao de recursos humanos', 'recursos humanos': 'gestao de recursos humanos',
  pedago: 'pedagogia', mat: 'matematica',
};

/**
 * Names of course families, folded: "engenharia" asks for any engineering, so "Engenharia Civil" is an answer,
 * while "medicina" asks for Medicina and "Medicina Veterinária" is only a namesake.
 */
export const COURSE_FAMILIES = new Set(['engenharia', 'engenharias', 'licenciatura', 'ciencias', 'letras', 'artes', 'tecnologia', 'gestao', 'comunicacao', 'design', 'computacao', 'saude']);

/**
 * Courses known even without the database (the catalogue from the data extends this list).
 * Display spelling; matching is done on folded forms.
 */
export const DEFAULT_COURSES = [
  'Administração', 'Agronomia', 'Análise e Desenvolvimento de Sistemas', 'Arquitetura e Urbanismo', 'Biomedicina',
  'Ciência da Computação', 'Ciências Biológicas', 'Ciências Contábeis', 'Ciências Econômicas', 'Ciências Sociais',
  'Direito', 'Design', 'Economia', 'Educação Física', 'Enfermagem', 'Engenharia Civil', 'Engenharia de Computação',
  'Engenharia de Produção', 'Engenharia Elétrica', 'Engenharia Mecânica', 'Engenharia Química', 'Engenharia Ambiental',
  'Engenharia de Software', 'Farmácia', 'Filosofia', 'Física', 'Fisioterapia', 'Fonoaudiologia', 'Gastronomia',
  'Geografia', 'Gestão de Recursos Humanos', 'História', 'Jornalismo', 'Letras', 'Logística', 'Marketing',
  'Matemática', 'Medicina', 'Medicina Veterinária', 'Música', 'Nutrição', 'Odontologia', 'Pedagogia', 'Psicologia',
  'Publicidade e Propaganda', 'Química', 'Relações Internacionais', 'Serviço Social', 'Sistemas de Informação',
  'Teatro', 'Turismo', 'Zootecnia', 'Estatística', 'Moda', 'Cinema',
];

const ALIAS_PATTERN = new RegExp(
  `(?<![a-z0-9])(${Object.keys(COURSE_ALIASES)
    .sort((a, b) => b.length - a.length)
    .map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})(?![a-z0-9])`,
  'g',
);

/** Expand course abbreviations in FOLDED text, in one pass (a replacement is never expanded again). */
export function expandCourseAliases(folded: string): string {
  return folded.replace(ALIAS_PATTERN, (m) => COURSE_ALIASES[m] ?? m);
}
