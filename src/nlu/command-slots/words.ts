// The words a request's free text is trimmed of, per language: polite phrases and fillers it may open with
// ("por favor", "você pode", "também"), function words that glue it to what was cut out of it ("para", "de",
// "às", "cada"), and words that end a name read after a cue (pronouns, articles, days, field labels).
import type { Language } from '../types.ts';

export interface FreeTextWords {
  /** Phrases dropped where the text opens (politeness, fillers). */
  leading: string[];
  /** Function words dropped at the text's end, and at its start or beside a cut once something was cut there. */
  glue: string[];
}

interface LanguageWords extends FreeTextWords {
  /** Articles, dropped where the text resumes after a cut ("… o item Relatórios"). */
  articles: string[];
  /** Words that cannot open or continue a name (pronouns, articles, prepositions, days, field labels). */
  nameStops: string[];
  /** Words between a cue and a name that make any spelling of it a name ("lead do joão", "contato chamado ana"). */
  namingLinks: string[];
  /** Lowercase words inside a name ("Maria da Silva"). */
  particles: string[];
}

const WORDS: Record<Language, LanguageWords> = {
  pt: {
    leading: ['por favor', 'pfv', 'pf', 'favor', 'vc pode', 'voce pode', 'vc poderia', 'voce poderia', 'pode', 'poderia', 'consegue',
      'preciso que voce', 'preciso que vc', 'preciso', 'quero que voce', 'quero que vc', 'quero', 'gostaria de', 'gostaria que voce',
      'gostaria que vc', 'me ajuda a', 'ajuda a', 'bora', 'vamos', 'agora', 'tambem', 'tb', 'tbm', 'tmb', 'ainda', 'depois', 'entao', 'ai', 'e', 'ok', 'oi', 'ola',
      'bom dia', 'boa tarde', 'boa noite', 'alem disso', 'em seguida', 'por fim'],
    glue: ['para', 'pra', 'pro', 'ate', 'no', 'na', 'nos', 'nas', 'em', 'de', 'do', 'da', 'dos', 'das', 'as', 'a', 'o', 'os', 'ao', 'e', 'com',
      'dia', 'por', 'pelo', 'pela', 'sobre', 'que', 'dizendo', 'falando', 'informando', 'cada', 'cada um', 'cada uma'],
    articles: ['o', 'a', 'os', 'as', 'um', 'uma', 'uns', 'umas'],
    nameStops: ['que', 'com', 'para', 'pra', 'pro', 'sobre', 'dizendo', 'falando', 'informando', 'e', 'amanha', 'hoje', 'ontem', 'as', 'no',
      'na', 'em', 'ate', 'dia', 'pelo', 'pela', 'por', 'como', 'telefone', 'tel', 'email', 'celular', 'origem', 'empresa', 'depois', 'semana',
      'mes', 'agora', 'ja', 'cada', 'todos', 'todas', 'tudo', 'novo', 'nova', 'ele', 'ela', 'eles', 'elas', 'dele', 'dela', 'nele', 'nela',
      'mesmo', 'mesma', 'esse', 'essa', 'este', 'esta', 'isso', 'mim', 'eu', 'voce', 'vc', 'atual', 'aquele', 'aquela', 'o', 'a', 'os',
      'um', 'uma', 'uns', 'umas'],
    namingLinks: ['do', 'da', 'de', 'dos', 'das', 'chamado', 'chamada'],
    particles: ['da', 'de', 'do', 'das', 'dos'],
  },
  es: {
    leading: ['por favor', 'puedes', 'podes', 'podrias', 'quiero que', 'quiero', 'necesito', 'me ayudas a', 'tambien', 'tb', 'tmb', 'tbn', 'ademas', 'luego',
      'despues', 'entonces', 'y', 'ok', 'hola', 'buen dia', 'buenos dias', 'buenas tardes', 'buenas noches'],
    glue: ['para', 'hasta', 'en', 'de', 'del', 'a', 'al', 'el', 'la', 'los', 'las', 'y', 'con', 'por', 'que', 'sobre', 'cada', 'dia'],
    articles: ['el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas'],
    nameStops: ['que', 'con', 'para', 'sobre', 'y', 'manana', 'hoy', 'ayer', 'en', 'hasta', 'dia', 'por', 'como', 'telefono', 'email',
      'empresa', 'semana', 'ahora', 'cada', 'todos', 'todas', 'el', 'ella', 'ellos', 'ellas', 'ese', 'esa', 'este', 'esta', 'eso', 'mi',
      'yo', 'vos', 'usted', 'la', 'los', 'las', 'un', 'una'],
    namingLinks: ['de', 'del', 'llamado', 'llamada'],
    particles: ['de', 'del', 'la'],
  },
  en: {
    leading: ['please', 'can you', 'could you', 'would you', 'i want to', 'i need to', 'i would like to', 'also', 'then', 'and', 'ok', 'hi',
      'hello', 'now'],
    glue: ['to', 'for', 'by', 'until', 'on', 'in', 'at', 'of', 'the', 'a', 'an', 'and', 'with', 'that', 'about', 'each'],
    articles: ['the', 'a', 'an'],
    nameStops: ['that', 'with', 'for', 'to', 'about', 'and', 'tomorrow', 'today', 'on', 'in', 'at', 'by', 'as', 'phone', 'email', 'company',
      'week', 'now', 'each', 'all', 'him', 'her', 'them', 'he', 'she', 'it', 'this', 'that', 'me', 'you', 'the', 'a', 'an'],
    namingLinks: ['called', 'named'],
    particles: ['van', 'von', 'de'],
  },
  vi: {
    leading: ['vui long', 'lam on', 'giup', 'cho minh', 'oi', 'a'],
    glue: ['va', 'cho', 'vao', 'luc', 'den', 'cua', 'voi'],
    articles: [],
    nameStops: ['va', 'cho', 'voi', 'anh', 'chi', 'em', 'ban', 'hom nay', 'ngay mai'],
    namingLinks: ['ten'],
    particles: [],
  },
};

/** The language's lists, with a bot's own `leading` / `glue` (bot.yaml `understanding.freeTextWords`) in their place. */
export function freeTextWords(lang: Language, own: Partial<FreeTextWords> = {}): LanguageWords {
  return { ...WORDS[lang], ...Object.fromEntries(Object.entries(own).filter(([, v]) => v !== undefined)) };
}

export type { LanguageWords };
