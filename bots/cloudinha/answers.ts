// The Sisu and Prouni agents (seed 003, 2.4): questions answered through a strict tool cascade —
//   1. getImportantDates (only for questions about dates), 2. knowledgeSearch (the bot's documents on the
//   program), 3. webSearch (fallback; offline it gives up at once) —
// stopping at the first tool that answers, and saying where the answer came from.
import type { Passage, TurnContext } from '../../src/engine/index.ts';
import { getImportantDates, formatDates, type ImportantDate } from './dates.ts';
import { servicesOf } from './services.ts';
import { fold } from './text.ts';
import { modelReply } from './turn.ts';
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
    'a o os as um uma de da do das dos em no na nos nas ao aos para pra pro por com sem que se e ou mas como qual quais quando onde ' +
    'quanto quanta quantos quantas porque pq eu voce vc me te meu minha seu sua isso esse essa este esta ai la aqui ja nao sim tem ' +
    'ter ser sao foi vai vou sai saem fica pode posso preciso quero queria saber ajuda duvida sobre falar explica explicar e ' +
    'sisu prouni enem fies programa data datas dia dias prazo prazos cronograma calendario edicao mes ano hoje agora ' +
    'entao tambem ate depois antes mais muito pouco certo ok tipo coisa'
  ).split(' '),
);

/** Content-word stems of a question (folded, 4+ letters, subject-less words out, cut to 5 letters). */
export function contentStems(text: string): string[] {
  const out = new Set<string>();
  for (const w of fold(text).split(/[^a-z0-9]+/)) if (w.length >= 4 && !STOP.has(w)) out.add(w.slice(0, 5));
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

/** Passages that share a content word with the question, best first (the full-text search ranks ties). */
export function relevantPassages(text: string, passages: Passage[], program: Program): Passage[] {
  const stems = contentStems(text);
  const scored = passages
    .filter((p) => fold(p.doc).startsWith(program))
    .map((p, rank) => {
      const words = new Set(fold(p.content).split(/[^a-z0-9]+/).map((w) => w.slice(0, 5)));
      return { p, rank, hits: stems.filter((s) => words.has(s)).length };
    })
    .filter((x) => x.hits > 0 || stems.length === 0);
  return scored.sort((a, b) => b.hits - a.hits || a.rank - b.rank).map((x) => x.p);
}

function stripHeading(content: string): string {
  const lines = content.split('\n');
  return (lines.length > 1 ? lines.slice(1) : lines).join('\n').trim();
}

const withSource = (text: string, source: string) => `${text.trim()}\n\n${source}`;

/** Run the cascade for a question about `program`. */
export async function answerQuestion(ctx: TurnContext, program: Program): Promise<Answer> {
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
    relevantPassages(ctx.text, await ctx.searchKnowledge(`${ctx.text} ${program}`, 8), program).slice(0, 3),
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

const SMALL_TALK = /^\s*(oi+|ola|bom dia|boa tarde|boa noite|obrigad[oa]s?|valeu|vlw|brigad[oa]|ok|beleza|blz|show|legal|entendi|tchau|ate mais)\b[\s!.,]*$/;
const INTRO = /^\s*(quero|queria|preciso de|gostaria de|tenho|to com|estou com)?\s*(uma |umas )?(ajuda|duvida|duvidas|falar|saber)( com| sobre| do| da| de| no)*( o| a)?\s*(sisu|prouni)\s*[!?.]*$/;

export function isSmallTalk(text: string): boolean {
  return SMALL_TALK.test(fold(text));
}

/** "quero ajuda com o Sisu": opening the subject, not a question yet. */
export function isIntro(text: string): boolean {
  return INTRO.test(fold(text));
}
