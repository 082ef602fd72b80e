// The Sisu and Prouni agents: questions answered through a strict tool cascade —
//   1. getImportantDates (only for questions about dates), 2. knowledgeSearch (the bot's documents on the
//   program), 3. webSearch (fallback; offline it gives up at once) —
// stopping at the first tool that answers, and saying where the answer came from.
import { fold, type Passage } from 'switchboard';
import { getImportantDates, formatDates, type ImportantDate } from './dates.ts';
import { servicesOf } from './services.ts';
import { modelReply, type Ctx } from './turn.ts';
import { webSearch } from './web.ts';

export type Program = 'sisu' | 'prouni';
export type AnswerSource = 'calendar' | 'knowledge' | 'web' | 'none';

export interface Answer {
  text: string;
  source: AnswerSource;
  /** Tools called, in order. */
  cascade: string[];
}

// Words that carry no subject: function words, question words, the programs' names, date words, "help" words.
const STOP = new Set(
  (
    'a o os as um uma uns umas de da do das dos em no na nos nas ao aos para pra pro por com sem que se e ou mas como qual quais quando onde ' +
    'quanto quanta quantos quantas porque pq eu voce vc me te meu minha seu sua isso esse essa este esta ai la aqui ja nao sim tem ' +
    'ter tenho estou ser sao foi vai vou sai saem fica pode posso preciso quero queria gostaria saber ajuda ajudar ajudinha duvida sobre falar fala ' +
    'conta contar explica explicar entender conversar bora vamos vamo pergunta favor pfv pfvr gente cloudinha algum alguma ' +
    'sisu prouni enem fies programa data datas dia dias prazo prazos cronograma calendario edicao mes ano hoje agora ' +
    'entao tambem ate depois antes mais muito pouco certo ok tipo coisa'
  ).split(' '),
);

/** A word's comparison key: folded, a plural "s" dropped, cut to 5 letters ("cotas" ~ "cota", "inscrever" ~ "inscrição"). */
function stemOf(word: string): string {
  const singular = word.length > 4 && word.endsWith('s') ? word.slice(0, -1) : word;
  return singular.slice(0, 5);
}

/** Content-word stems of a question (folded, 4+ letters, subject-less words out). */
export function contentStems(text: string): string[] {
  const out = new Set<string>();
  for (const w of fold(text).split(/[^a-z0-9]+/)) {
    const singular = w.endsWith('s') ? w.slice(0, -1) : w;
    if (w.length >= 4 && !STOP.has(w) && !STOP.has(singular)) out.add(stemOf(w));
  }
  return [...out];
}

const DATE_QUESTION = /\b(quando|que dia|qual dia|data|datas|prazo|prazos|cronograma|calendario|ate que dia|ate quando|abre|abrem|comeca|comecam|termina|encerra|sai o resultado)\b/;

export function isDateQuestion(text: string): boolean {
  return DATE_QUESTION.test(fold(text));
}

// A date question's topic → the calendar events that answer it.
const TOPICS: { words: RegExp; event: RegExp }[] = [
  { words: /\b(inscri\w*|abre|abrem|aberto|aberta|abertas|abertura|inscrever|increve\w*)\b/, event: /inscri/ },
  { words: /\b(resultado\w*|chamada\w*|aprovad\w*|selecionad\w*|pre-?selecionad\w*)\b/, event: /resultado|chamada/ },
  { words: /\b(lista de espera|espera)\b/, event: /lista de espera/ },
  { words: /\b(documento\w*|comprova\w*|matricula\w*)\b/, event: /comprova|matricula/ },
];
const TOPIC_STEMS = new Set(['inscr', 'abert', 'abrem', 'resul', 'chama', 'aprov', 'selec', 'lista', 'esper', 'docum', 'compr', 'matri']);

/** The calendar entries that answer a date question, or [] when the calendar cannot answer it. */
export function datesFor(text: string, dates: ImportantDate[]): ImportantDate[] {
  const f = fold(text);
  const topics = TOPICS.filter((t) => t.words.test(f));
  if (topics.length) return dates.filter((d) => topics.some((t) => t.event.test(fold(d.event))));
  // "quais as datas do sisu?" asks for the whole calendar; "quando começam as aulas?" asks for something else.
  const subject = contentStems(text).filter((s) => !TOPIC_STEMS.has(s));
  return subject.length ? [] : dates;
}

function stemsIn(text: string): Set<string> {
  return new Set(fold(text).split(/[^a-z0-9]+/).filter(Boolean).map(stemOf));
}

// The knowledge documents open with an overview section ("## O que é o Sisu…"): the answer to a question
// that names no subject ("me explica o sisu", "o que é o prouni?").
const OVERVIEW_HEADING = /^o que e\b/;

/**
 * The program's passages that share a content word with the question, best first: each question word found
 * counts once, and once more when it is in the section's heading (sections are titled with the words students
 * use); ties go to the full-text rank. A question without content words gets the overview section first.
 */
export function relevantPassages(text: string, passages: Passage[], program: Program): Passage[] {
  const stems = contentStems(text);
  const scored = passages
    .filter((p) => fold(p.doc).startsWith(program))
    .map((p, rank) => {
      const heading = stemsIn(p.heading);
      const body = stemsIn(p.content);
      const hits = stems.filter((s) => heading.has(s) || body.has(s)).length;
      const inHeading = stems.filter((s) => heading.has(s)).length;
      const overview = stems.length === 0 && OVERVIEW_HEADING.test(fold(p.heading)) ? 1 : 0;
      return { p, rank, hits, inHeading, overview };
    })
    .filter((x) => x.hits > 0 || stems.length === 0);
  const score = (x: { hits: number; inHeading: number }) => x.hits + x.inHeading;
  return scored.sort((a, b) => b.overview - a.overview || score(b) - score(a) || b.inHeading - a.inHeading || a.rank - b.rank).map((x) => x.p);
}

function stripHeading(content: string): string {
  const lines = content.split('\n');
  return (lines.length > 1 ? lines.slice(1) : lines).join('\n').trim();
}

const withSource = (text: string, source: string) => `${text.trim()}\n\n${source}`;

/** Run the cascade for a question about `program`. */
export async function answerQuestion(ctx: Ctx, program: Program): Promise<Answer> {
  const cascade: string[] = [];
  const label = program === 'sisu' ? 'Sisu' : 'Prouni';
  const grounded = async (material: string, fallback: string) =>
    (await modelReply(
      ctx,
      `${program}_answer`,
      `Responda à pergunta do estudante sobre o ${label} usando só as informações abaixo, em português do Brasil, de forma curta e acolhedora. Se as informações forem de uma edição passada, diga isso. Não invente datas nem regras.\n\n${material}`,
    )) ?? fallback;

  // 1. The calendar, for questions about dates.
  if (isDateQuestion(ctx.text)) {
    cascade.push('getImportantDates');
    const calendar = await ctx.tool('getImportantDates', { program }, () => getImportantDates(ctx.sql, program));
    const dates = datesFor(ctx.text, calendar.dates);
    if (dates.length) {
      const list = formatDates({ ...calendar, dates })
        .split('\n')
        .map((line, i) => (dates[i].note ? `${line} (${dates[i].note})` : line))
        .join('\n');
      const text = await grounded(`${calendar.notice}\n${list}`, `${ctx.reply('dates_past_edition')}\n${list}`);
      return { text: withSource(text, ctx.reply('source_calendar')), source: 'calendar', cascade };
    }
  }

  // 2. The knowledge base (this program's documents only).
  cascade.push('knowledgeSearch');
  const passages = await ctx.tool('knowledgeSearch', { query: ctx.text, collection: program }, async () =>
    // Every passage that shares a word with the question (the documents are small), re-ranked here: the
    // full-text rank alone lets a long passage that mentions a word in passing beat the section about it.
    relevantPassages(ctx.text, await ctx.searchKnowledge(`${ctx.text} ${program}`, 60), program).slice(0, 3),
  );
  if (passages.length) {
    const text = await grounded(passages.map((p, i) => `[${i + 1}] ${p.content}`).join('\n\n'), stripHeading(passages[0].content));
    return { text: withSource(text, ctx.reply('source_knowledge')), source: 'knowledge', cascade };
  }

  // 3. The web, as a last resort.
  cascade.push('webSearch');
  const query = fold(ctx.text).includes(program) ? ctx.text : `${ctx.text} ${label}`;
  const web = await ctx.tool('webSearch', { query }, () => webSearch(query, servicesOf(ctx.services).web));
  if (web.available && web.found) {
    const found = web.abstract || web.related.map((r) => r.text).slice(0, 3).join('\n');
    const link = web.url || web.related[0]?.url || '';
    const text = await grounded(`${web.heading}\n${found}\n${link}`, [found, link].filter(Boolean).join('\n'));
    return { text: withSource(text, ctx.reply('source_web')), source: 'web', cascade };
  }
  return { text: ctx.reply('web_unavailable'), source: 'none', cascade };
}

const INTRO_CUE = /\b(ajuda|ajudar|ajudinha|falar|conversar|bora|vamos|vamo|duvida|duvidas|saber|tirar|entender)\b/;

/** A message that only opens the subject (asks for help with a program, wants to talk about it, has doubts), not a question yet. */
export function isIntro(text: string): boolean {
  return INTRO_CUE.test(fold(text)) && contentStems(text).length === 0 && !isDateQuestion(text);
}
