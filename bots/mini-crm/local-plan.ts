// Local understanding of a CRM request without a model: the runtime reads the message's clauses and their
// intents (ctx.commands()); here each clause's slots are pulled out of it.
import { cutSpans, readDeadline, readOpeningName, SlotText, type Entity } from 'switchboard';
import { capitalizeFirst, cleanFragment, fold, leadRefs, nameCase, parseNumberPt } from './text.ts';
import type { Clock, CrmClause, CrmIntent, CrmSlots, PlanAction } from './types.ts';
import { CRM_INTENTS } from './types.ts';

// ---------------------------------------------------------------- slot extraction helpers

const POLITE =
  /^(?:\s*(?:por favor|pfv|pf|favor|vc pode|voce pode|vc poderia|voce poderia|pode|poderia|consegue|preciso que (?:voce|vc)|preciso|quero que (?:voce|vc)|quero|gostaria de|gostaria que (?:voce|vc)|me ajuda a|ajuda a|bora|vamos|agora|tambem|depois|entao|ai|e|ok|oi|ola|bom dia|boa tarde|boa noite|alem disso|em seguida|por fim)\b[\s,]*)+/;

/** Cut a prefix matched on the folded text from the original (same offsets). */
function cutPrefix(orig: string, re: RegExp): string {
  const m = re.exec(fold(orig));
  return m && m.index === 0 ? orig.slice(m[0].length) : orig;
}

function stripPolite(orig: string): string {
  return cutPrefix(orig.trim(), POLITE).trim();
}

const UUID_RE = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;
const NAME_STOP = new Set([
  'que', 'com', 'para', 'pra', 'pro', 'sobre', 'dizendo', 'falando', 'informando', 'e', 'amanha', 'hoje', 'as', 'no', 'na', 'em',
  'ate', 'dia', 'pelo', 'pela', 'por', 'como', 'telefone', 'tel', 'email', 'celular', 'origem', 'empresa', 'sobre', 'depois',
]);
const PARTICLES = new Set(['da', 'de', 'do', 'das', 'dos']);
const ARTICLES = new Set(['o', 'a', 'os', 'um', 'uma', 'uns', 'umas']);
const PRONOUNS = new Set([
  'ele', 'ela', 'eles', 'elas', 'dele', 'dela', 'nele', 'nela', 'mesmo', 'mesma', 'esse', 'essa', 'este', 'esta', 'isso', 'lead',
  'contato', 'cliente', 'mim', 'voce', 'vc', 'atual', 'aquele', 'aquela',
]);

/**
 * Read a name starting at `start`: the first word always, further words while they are
 * Capitalized (or particles followed by a Capitalized word). Max four words.
 */
function readName(orig: string, start: number, requireCapital = false): { name: string; end: number } | null {
  const rest = orig.slice(start);
  const uuid = UUID_RE.exec(rest);
  if (uuid && uuid.index <= 1) return { name: uuid[0], end: start + uuid.index + uuid[0].length };
  const words = [...rest.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)];
  if (!words.length) return null;
  const first = words[0];
  if (rest.slice(0, first.index).trim()) return null; // punctuation before the name
  const isCap = (w: string) => /^\p{Lu}/u.test(w);
  const firstFold = fold(first[0]);
  if (NAME_STOP.has(firstFold) || PRONOUNS.has(firstFold) || ARTICLES.has(firstFold)) return null;
  if (requireCapital && !isCap(first[0])) return null;
  const parts = [first[0]];
  let end = first.index + first[0].length;
  for (let i = 1; i < words.length && parts.length < 4; i++) {
    const w = words[i];
    const gap = rest.slice(end, w.index);
    if (gap.trim()) break; // punctuation between words ends the name
    const wf = fold(w[0]);
    if (isCap(w[0]) && !NAME_STOP.has(wf)) {
      parts.push(w[0]);
      end = w.index + w[0].length;
    } else if (PARTICLES.has(wf) && words[i + 1] && isCap(words[i + 1][0]) && !rest.slice(w.index + w[0].length, words[i + 1].index).trim()) {
      if (!isCap(first[0])) break;
      parts.push(w[0], words[i + 1][0]);
      end = words[i + 1].index + words[i + 1][0].length;
      i++;
    } else break;
  }
  return { name: parts.join(' '), end: start + end };
}

const EXPLICIT_LEAD = /\b(?:lead|contato|cliente|prospect)\s+(?:(?:d[oa]s?|de|chamad[oa])\s+)?/g;
const SOFT_LEAD = /\b(?:pro|pra|para o|para a|ao|a|o|com o|com a|do|da|no|na|sobre o|sobre a|pelo|pela)\s+/g;

/**
 * "no lead do Lennon", "contato da Maria", "lead Lennon" → the name, `sure`. Without "do/da" a lowercase
 * word may be no name at all ("a cliente quer…"): it comes back not `sure`, to be used only if it matches a lead.
 */
function findExplicitLead(orig: string): { name: string; start: number; end: number; sure: boolean } | null {
  const f = fold(orig);
  let unsure: { name: string; start: number; end: number; sure: boolean } | null = null;
  for (const m of f.matchAll(EXPLICIT_LEAD)) {
    const r = readName(orig, m.index + m[0].length);
    if (!r) continue;
    const linked = /\s(?:d[oa]s?|de|chamad[oa])\s+$/.test(m[0]);
    const found = { name: nameCase(r.name), start: m.index, end: r.end, sure: linked || /^\p{Lu}|^\d/u.test(r.name) };
    if (found.sure) return found;
    unsure ??= found;
  }
  return unsure;
}

/** "ligar pro Lennon" → "Lennon" (Capitalized words only). */
function findSoftLead(orig: string): string | undefined {
  const f = fold(orig);
  for (const m of f.matchAll(SOFT_LEAD)) {
    const r = readName(orig, m.index + m[0].length, true);
    if (r && !/^(whats\w*|zap|telegram|email|instagram|linkedin|google)$/i.test(r.name)) return r.name;
  }
  return undefined;
}

function leadSlots(orig: string): Pick<CrmSlots, 'lead_ref_ou_id' | 'lead_mencionado'> {
  const explicit = findExplicitLead(orig);
  if (explicit?.sure) return { lead_ref_ou_id: explicit.name };
  const uuid = UUID_RE.exec(orig);
  if (uuid && /\blead\b/i.test(orig)) return { lead_ref_ou_id: uuid[0] };
  const soft = findSoftLead(orig) ?? explicit?.name;
  return soft ? { lead_mencionado: soft } : {};
}

function blankSpan(s: string, start: number, end: number): string {
  return s.slice(0, start) + ' '.repeat(end - start) + s.slice(end);
}

const TRAILING_GLUE = /(?:\s+(?:para|pra|pro|ate|no|na|em|de|do|da|as|a|o|e|com|dia|por))+\s*$/i;

function tidyTitle(text: string): string {
  let t = cleanFragment(text);
  for (let i = 0; i < 3; i++) t = cleanFragment(t.replace(TRAILING_GLUE, ''));
  return t;
}

// ---------------------------------------------------------------- per-intent extraction

/**
 * `rest`: the clause after its opening (the verb, "novo lead"), read by the runtime. The e-mail, the phone, the
 * source and a labelled company are the clause's entities (bot.yaml); their spans are blanked, phone and e-mail
 * labels ("tel:") with them, before the name is read.
 */
export function extractLeadSlots(clause: string, rest: string, entities: Entity[] = []): CrmSlots {
  const slots: CrmSlots = {};
  let work = clause;
  for (const e of entities) {
    if (e.start === undefined || e.end === undefined) continue;
    if (e.type === 'email') slots.email ??= e.text;
    else if (e.type === 'phone') slots.telefone ??= e.text;
    else if (e.type === 'origem') slots.origem ??= String(e.value);
    else if (e.type === 'empresa') slots.empresa ??= nameCase(String(e.value));
    else continue;
    const label = /(?:\b(?:e-?mail|telefone|tel|fone|celular|cel|whats(?:app)?|zap|numero)\s*:?\s*)$/.exec(fold(work.slice(0, e.start)));
    work = blankSpan(work, e.type === 'email' || e.type === 'phone' ? (label?.index ?? e.start) : e.start, e.end);
  }

  // The name and an unlabelled company: the runtime's reading of the free text, labelled fields blanked.
  const read = readOpeningName(new SlotText(work.slice(work.length - rest.length)), 'pt');
  if (read) {
    slots.nome = read.person.value;
    slots.empresa ??= read.company?.value;
  }
  return slots;
}

const NOTE_LEAD_PHRASE =
  /^(?:(?:n[oa]|ao|pro|pra|para o|para a|do|da|sobre o|sobre a|em)\s+)(?:(?:lead|contato|cliente)\s+(?:(?:d[oa]|de)\s+)?)?/;

/** `rest`: the clause after its opening, read by the runtime (a pointer such as "nela" already skipped). */
export function extractNoteSlots(clause: string, rest: string): CrmSlots {
  const colon = clause.search(/:\s*\S/);
  const head = colon >= 0 ? clause.slice(0, colon) : clause;
  const slots: CrmSlots = { ...leadSlots(head) };
  let texto = rest;
  if (colon >= 0) {
    texto = clause.slice(colon + 1);
  } else {
    // "anota no contato da Luana, quer…": the named lead is the target, not the text.
    const phrase = NOTE_LEAD_PHRASE.exec(fold(rest));
    const named = phrase && (slots.lead_ref_ou_id || slots.lead_mencionado) ? readName(rest, phrase[0].length) : null;
    if (named) texto = cutPrefix(rest.slice(named.end).trim(), /^(?:[,:\-–—]\s*)*(?:(?:dizendo|falando|informando)\s+)?(?:que\s+)?/);
  }
  const t = cleanFragment(texto);
  if (t) slots.texto = capitalizeFirst(t);
  if (!slots.lead_ref_ou_id && !slots.lead_mencionado && colon < 0) Object.assign(slots, leadSlots(clause));
  return slots;
}

/** `rest`: the clause after its opening, read by the runtime; the deadline is cut out of it here. */
export function extractTaskSlots(rest: string, clock: Clock): CrmSlots {
  const slots: CrmSlots = {};
  const parsed = readDeadline(rest, { lang: 'pt', ...clock });
  let title = rest;
  if (parsed) {
    slots.prazo = parsed.date.toISOString();
    title = cutSpans(rest, parsed.spans);
  }
  Object.assign(slots, leadSlots(title));
  // "me lembra dia 20 de enviar…": with the date gone, the "de" that joined it to the title goes too.
  title = cutPrefix(title.trim(), /^(?:(?:[:\-–—]|de|que|para|pra)\s*)+(?=\S)/);
  const t = tidyTitle(title);
  if (t) slots.titulo = capitalizeFirst(t);
  return slots;
}

const PROPOSAL_HEAD =
  /\b(?:proposta|orcamento)\b\s*(?:comercial\s+)?(?:(?:(?:de|do|da|chamada|intitulada|com (?:o )?titulo|titulo|nomeada)\b|:)\s*:?\s*)?/;
const PROPOSAL_STOP =
  /(?:[,;(]|\s-\s|\s(?:para|pra|pro|ao|no|do|da|com|no valor|valor|de r\$|por r\$)\s+(?:o\s+|a\s+)?(?:lead|contato|cliente)\b|\s(?:para|pra|pro|ao)\s|\sno valor\b|\scom (?:desconto|valor|itens?|o item)\b)/;

export function extractProposalSlots(clause: string): CrmSlots {
  const slots: CrmSlots = { ...leadSlots(clause) };
  const f = fold(clause);
  const m = PROPOSAL_HEAD.exec(f);
  if (m) {
    const after = clause.slice(m.index + m[0].length);
    const stop = PROPOSAL_STOP.exec(' ' + fold(after));
    const raw = stop ? after.slice(0, Math.max(0, stop.index - 1)) : after;
    const t = tidyTitle(raw);
    if (t && !PRONOUNS.has(fold(t))) slots.titulo = /\p{Lu}/u.test(t) ? t : capitalizeFirst(t);
  }
  return slots;
}

const QUANTITY = /\b(\d+(?:,\d+)?)\s*(?:x|un\.?|unid\w*|unidades?)(?=\s|$|\b)|\bquantidade\s*:?\s*(\d+(?:,\d+)?)|\b(\d+)\s+(?=[a-z])/;
const PROPOSAL_REF = /\b(?:n[ao]|a|ao|para a|pra|da|na ultima)\s+proposta\b\s*(?:(?:de|do|da|:)\s*)?/;
/** Verb, then fillers ("também", "mais", "ainda", "outro") and articles, then "item (de)". */
const ITEM_PREFIX =
  /^(?:(?:adicion\w*|add|inclu\w*|coloc\w*|insir\w*|inser\w*|acrescent\w*|bot\w*|lanc\w*|cri\w*|registr\w*|poe|ponha)\s+)?(?:(?:o|um|uma|a|os|as|novo|nova|mais|tambem|ainda|outro|outra|outros|outras|ai|la|so|agora|e)\s+)*(?:ite(?:m|ns)\b\s*)?(?:(?:de|:|-)\s*)?/;

/** The item's unit price: the clause's `preco` entity (bot.yaml), read by the runtime, with its cue. */
function findPrice(entities: Entity[]): { start: number; end: number; value: number } | null {
  const e = entities.find((x) => x.type === 'preco' && x.start !== undefined && x.end !== undefined);
  return e ? { start: e.start!, end: e.end!, value: Number(e.value) } : null;
}

export function extractItemSlots(clause: string, entities: Entity[] = []): CrmSlots {
  const slots: CrmSlots = {};
  let work = clause;
  const price = findPrice(entities);
  const ref = PROPOSAL_REF.exec(fold(work));
  if (ref) {
    const after = work.slice(ref.index + ref[0].length);
    const fa = fold(after);
    const punct = /[,;(]|\s-\s/.exec(fa);
    const end = ref.index + ref[0].length;
    const stopAt = Math.min(punct?.index ?? Infinity, price && price.start >= end ? price.start - end : Infinity);
    const stopped = stopAt !== Infinity;
    const raw = stopped ? after.slice(0, stopAt) : after;
    const name = cleanFragment(raw);
    // A name after "na proposta" is the proposal's when Capitalized or when it closes the clause.
    if (name && !/^\d/.test(name) && (/^\p{Lu}/u.test(name) || !stopped)) {
      slots.proposta_ref = name;
      work = blankSpan(work, ref.index, end + raw.length);
    } else work = blankSpan(work, ref.index, end);
  }
  if (price) {
    slots.preco = price.value;
    work = blankSpan(work, price.start, price.end);
  }
  const qty = QUANTITY.exec(fold(work));
  if (qty) {
    const n = parseNumberPt(qty[1] ?? qty[2] ?? qty[3]);
    if (n !== null && n > 0) slots.quantidade = n;
    work = blankSpan(work, qty.index, qty.index + qty[0].length);
  }
  let desc = cutPrefix(stripPolite(work), ITEM_PREFIX);
  desc = desc.replace(/(?<![\p{L}\p{N}])(?:cada|cada um|cada uma|por unidade|unit[aá]rio|unit[aá]ria)(?![\p{L}\p{N}])/giu, ' ');
  const d = tidyTitle(desc);
  if (d) slots.descricao = capitalizeFirst(d);
  return slots;
}

export function extractRecalcSlots(clause: string): CrmSlots {
  const slots: CrmSlots = {};
  const f = fold(clause);
  const ref = /\b(?:d[ao]|n[ao]|a)\s+proposta\s+(?!com\b)/.exec(f);
  if (ref) {
    const after = clause.slice(ref.index + ref[0].length);
    const stop = /[,;(]|\scom\s|\saplicando\s|\sconsiderando\s|\se\s/.exec(fold(after));
    const name = cleanFragment(stop ? after.slice(0, stop.index) : after);
    if (name) slots.proposta_ref = name;
  }
  const pct = /\bdesconto\s+(?:de\s+)?(\d+(?:[.,]\d+)?)\s*(?:%|por cento)/.exec(f) ?? /\b(\d+(?:[.,]\d+)?)\s*(?:%|por cento)\s+de\s+desconto\b/.exec(f);
  if (pct) slots.desconto_percentual = parseNumberPt(pct[1]) ?? undefined;
  else {
    const abs = /\bdesconto\s+(?:de\s+)?(?:r\$\s*)?(\d[\d.]*(?:,\d{1,2})?)/.exec(f);
    if (abs) slots.desconto = parseNumberPt(abs[1]) ?? undefined;
  }
  return slots;
}

/** `rest`: the clause after its opening ("qual o e-mail do", "me passa os dados da"), read by the runtime. */
export function extractFindSlots(rest: string): CrmSlots {
  const stop = /[,;?!]|\s(?:e|para|pra|que)\s/.exec(fold(rest));
  const ref = cleanFragment(stop ? rest.slice(0, stop.index) : rest);
  // A request for "her/his details" with no name: the current lead.
  return ref && !leadRefs.isOnly(ref) ? { lead_ref_ou_id: nameCase(ref) } : {};
}

const LIST_NOUN = /\b(?:notas|anotacoes|observacoes|tarefas|pendencias|lembretes|nota|tarefa|anotacao|observacao)\b/;
const LIST_LEAD_LEAD_IN = /\b(?:d[oa]s?|de|sobre|para|pr[oa]|com)\s+(?:(?:o|a)\s+)?/g;
const NOT_A_LEAD = /^(?:hoje|amanha|ontem|semana|mes|agora|fazer|ligar|enviar|mandar|visitar|cada|todos|todas|tudo|novo|nova|ja|mim|eu|voce|vc)$/;

/**
 * Whose notes or tasks a listing asks for. "notas do Lennon" (right after the noun, any case) and
 * "quero ver as anotações da Helena" (further on, Capitalized) name the lead; a lowercase name further on
 * is only a mention (used when it matches a lead); "tarefas dele" points at the current lead.
 */
function listLeadSlots(clause: string): CrmSlots {
  const explicit = findExplicitLead(clause);
  if (explicit?.sure) return { lead_ref_ou_id: explicit.name };
  const f = fold(clause);
  const noun = LIST_NOUN.exec(f);
  const from = noun ? noun.index + noun[0].length : 0;
  let mention: string | undefined;
  for (const m of f.slice(from).matchAll(LIST_LEAD_LEAD_IN)) {
    const at = from + m.index + m[0].length;
    const r = readName(clause, at);
    if (!r || NOT_A_LEAD.test(fold(r.name))) continue;
    const adjacent = !f.slice(from, from + m.index).trim();
    if (adjacent || /^\p{Lu}/u.test(r.name)) return { lead_ref_ou_id: nameCase(r.name) };
    mention ??= nameCase(r.name);
  }
  mention ??= explicit?.name;
  if (mention) return { lead_mencionado: mention };
  return leadRefs.has(clause) ? { usar_lead_atual: true } : {};
}

export function extractTaskListSlots(clause: string): CrmSlots {
  const f = fold(clause);
  const slots: CrmSlots = { ...listLeadSlots(clause) };
  if (/\b(?:concluid|feitas|finalizad|terminad|realizad)\w*/.test(f)) slots.filtro = 'concluidas';
  else if (/\btodas\b/.test(f)) slots.filtro = 'todas';
  else slots.filtro = 'pendentes';
  return slots;
}

/** `rest`: the clause after its opening ("marca como feita a tarefa de"), read by the runtime. */
export function extractCompleteSlots(clause: string, rest: string): CrmSlots {
  const uuid = UUID_RE.exec(clause);
  if (uuid) return { tarefa_ref: uuid[0] };
  const f = fold(rest);
  const tail = /\s+(?:como\s+(?:feita|concluida|realizada|finalizada)|(?:ja\s+)?(?:esta|foi|ta)\s+(?:feita|concluida)|(?:feita|concluida))\b.*$/.exec(f);
  if (tail) rest = rest.slice(0, tail.index);
  const ref = tidyTitle(rest);
  return ref && !/^(?:essa|esta|ela|isso)$/.test(fold(ref)) ? { tarefa_ref: ref } : {};
}

/** Slots of one clause for the given intent. */
export function extractSlots(intent: CrmIntent, clause: string, clock: Clock, rest = clause, entities: Entity[] = []): CrmSlots {
  switch (intent) {
    case 'lead_criar':
      return extractLeadSlots(clause, rest, entities);
    case 'lead_buscar':
      return extractFindSlots(rest);
    case 'nota_adicionar':
      return extractNoteSlots(clause, rest);
    case 'nota_listar':
      return listLeadSlots(clause);
    case 'tarefa_criar':
      return extractTaskSlots(rest, clock);
    case 'tarefa_listar':
      return extractTaskListSlots(clause);
    case 'tarefa_concluir':
      return extractCompleteSlots(clause, rest);
    case 'proposta_rascunhar':
      return extractProposalSlots(clause);
    case 'proposta_item_adicionar':
      return extractItemSlots(clause, entities);
    case 'proposta_recalcular':
      return extractRecalcSlots(clause);
    case 'lead_listar':
    case 'ajuda':
      return {};
  }
}

// ---------------------------------------------------------------- the local plan

/**
 * The message's requests (the runtime's command clauses: one intent each, a note's or a task's text already
 * joined) → actions with their slots. No request means help.
 */
export function localPlan(clauses: CrmClause[], clock: Clock): PlanAction[] {
  const actions: PlanAction[] = [];
  for (const clause of clauses) {
    if (!(CRM_INTENTS as readonly string[]).includes(clause.intent)) continue;
    const intent = clause.intent as CrmIntent;
    actions.push({ intent, slots: extractSlots(intent, clause.text, clock, clause.rest, clause.entities) });
  }
  const real = actions.filter((a) => a.intent !== 'ajuda');
  return real.length ? real : [{ intent: 'ajuda', slots: {} }];
}
