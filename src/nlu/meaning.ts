// Meaning from an embedding model beside local understanding: the bot's examples (and the skills' lines for a
// request for a person and for out of scope) as vectors, the message's vector, and the nearest example of each
// label as its score. The scores join the local reading: an intent local understanding was unsure of, a person
// asked for in words the skills never saw, a message further from every example than the examples are from each
// other (out of scope). A failed or late model leaves the local reading as it was.
import type { Understander, UnderstandInput, Understanding } from './types.ts';

/** The label of the skills' lines asking for a person. */
export const HUMAN_LABEL = '@human';
/** The label of the skills' off-domain lines. */
export const OUT_OF_SCOPE_LABEL = '@out_of_scope';

const isSkillLabel = (label: string) => label === HUMAN_LABEL || label === OUT_OF_SCOPE_LABEL;

/**
 * Softmax temperature over cosine similarities: contrastively trained embedding models are trained near 0.05, and
 * there a lead of 0.05 in similarity is odds of e:1.
 */
const TEMPERATURE = 0.05;
/**
 * Share of the bot's examples allowed to be further from their own intent's nearest other example than the
 * out-of-scope distance: a message further than that from every example is unlike anything the bot does.
 */
const DISTANCE_QUANTILE = 0.1;
/** Examples of one intent the out-of-scope distance is measured on (evenly picked): bounds the start-up's work. */
const DISTANCE_SAMPLE = 60;
/** A skill label's probability needed to call a person or out of scope. */
const SKILL_PROBABILITY = 0.5;

export interface LabelledVector {
  label: string;
  vector: Float32Array;
}

export interface LabelScore {
  label: string;
  /** Cosine similarity of the label's nearest example. */
  similarity: number;
  /** Softmax of the similarities over the labels. */
  probability: number;
}

export interface MeaningReading {
  /** Every label's nearest example, nearest first. */
  labels: LabelScore[];
  /** The similarity below which a message is unlike every example of the bot (0: unknown). */
  floor: number;
}

/** The examples' vectors (unit length) and the out-of-scope distance measured on them. */
export class MeaningSpace {
  readonly dim: number;
  readonly floor: number;
  readonly size: number;
  private readonly matrix: Float32Array;
  private readonly labelOf: Int32Array;
  private readonly labels: string[];

  constructor(examples: readonly LabelledVector[]) {
    this.dim = examples[0]?.vector.length ?? 0;
    const usable = examples.filter((e) => e.vector.length === this.dim && norm(e.vector) > 0);
    this.size = usable.length;
    this.labels = [...new Set(usable.map((e) => e.label))];
    const index = new Map(this.labels.map((l, i) => [l, i]));
    this.matrix = new Float32Array(this.size * this.dim);
    this.labelOf = new Int32Array(this.size);
    usable.forEach((e, i) => {
      this.matrix.set(unit(e.vector), i * this.dim);
      this.labelOf[i] = index.get(e.label)!;
    });
    this.floor = this.distanceFloor();
  }

  /** Each label's nearest example to `vector` (any length other than the examples' reads as nothing near). */
  read(vector: Float32Array): MeaningReading {
    const best = new Float64Array(this.labels.length).fill(-1);
    if (vector.length === this.dim && norm(vector) > 0) {
      const q = unit(vector);
      for (let i = 0; i < this.size; i++) {
        const s = this.dot(i, q);
        if (s > best[this.labelOf[i]]) best[this.labelOf[i]] = s;
      }
    }
    const top = Math.max(...best);
    const weights = [...best].map((s) => Math.exp((s - top) / TEMPERATURE));
    const total = weights.reduce((a, b) => a + b, 0);
    const labels = this.labels.map((label, i) => ({ label, similarity: best[i], probability: weights[i] / total })).sort((a, b) => b.similarity - a.similarity);
    return { labels, floor: this.floor };
  }

  private dot(i: number, q: Float32Array): number {
    let s = 0;
    const o = i * this.dim;
    for (let j = 0; j < this.dim; j++) s += this.matrix[o + j] * q[j];
    return s;
  }

  /** The DISTANCE_QUANTILE of the bot's examples' similarity to their own intent's nearest other example. */
  private distanceFloor(): number {
    const byLabel = new Map<number, number[]>();
    for (let i = 0; i < this.size; i++) {
      if (isSkillLabel(this.labels[this.labelOf[i]])) continue;
      const members = byLabel.get(this.labelOf[i]);
      if (members) members.push(i);
      else byLabel.set(this.labelOf[i], [i]);
    }
    const nearest: number[] = [];
    for (const all of byLabel.values()) {
      if (all.length < 2) continue;
      const members = all.length <= DISTANCE_SAMPLE ? all : Array.from({ length: DISTANCE_SAMPLE }, (_, k) => all[Math.floor((k * all.length) / DISTANCE_SAMPLE)]);
      for (const i of members) {
        const q = this.matrix.subarray(i * this.dim, (i + 1) * this.dim);
        let best = -1;
        for (const j of members) if (j !== i) best = Math.max(best, this.dot(j, q));
        nearest.push(best);
      }
    }
    if (nearest.length === 0) return 0;
    nearest.sort((a, b) => a - b);
    return Math.max(0, nearest[Math.floor(DISTANCE_QUANTILE * (nearest.length - 1))]);
  }
}

function norm(v: Float32Array): number {
  let s = 0;
  for (const x of v) s += x * x;
  return Math.sqrt(s);
}

function unit(v: Float32Array): Float32Array {
  const n = norm(v);
  return n > 0 ? v.map((x) => x / n) : v;
}

/** Where the vectors come from (an embedding model, its examples' vectors cached). Both reject when the model fails. */
export interface MeaningSource {
  /** The model, for notes ('openai:text-embedding-3-small'). */
  readonly model: string;
  /** The examples' space: built on first use, then kept. */
  space(trace?: UnderstandInput['trace']): Promise<MeaningSpace>;
  /** One request: the message's vector. */
  embed(text: string, trace?: UnderstandInput['trace']): Promise<Float32Array>;
}

export interface MeaningOptions {
  /** The bot's fallback intent: never chosen from meaning (it is what local understanding falls to anyway). */
  fallback: string;
  /** Confidence an intent needs (the bot's understanding threshold). */
  threshold: number;
  /** Told why a message was read without meaning (the model failed). */
  onFailure?: (err: unknown) => void;
  /**
   * Makes `inner` ready (trains a lazily trained classifier) before the request goes out: training blocks the event
   * loop, and the request's deadline would run out meanwhile.
   */
  prepare?: () => void;
}

/**
 * `inner` (local understanding, skills included) with the nearest examples' scores joined in: one embedding
 * request per message, made while `inner` reads. A message read while a form or flow waits is read locally alone,
 * without a request (what it answers is the form's business); one whose local reading was bounded keeps it.
 */
export function withMeaning(inner: Understander, source: MeaningSource, options: MeaningOptions): Understander {
  return {
    async understand(input: UnderstandInput): Promise<Understanding> {
      // While a form or flow waits, its answer is the form's business: no request.
      if (input.flows.length > 0) return inner.understand(input);
      options.prepare?.();
      const reading = readMeaning(source, input);
      reading.catch(() => {}); // awaited below, after local understanding
      const local = await inner.understand(input);
      let meaning: MeaningReading;
      try {
        meaning = await reading;
      } catch (err) {
        options.onFailure?.(err);
        return local;
      }
      if (local.bounded || input.budget?.spent) return local;
      return joinMeaning(local, meaning, options, source.model);
    },
  };
}

async function readMeaning(source: MeaningSource, input: UnderstandInput): Promise<MeaningReading> {
  const [space, vector] = await Promise.all([source.space(input.trace), source.embed(input.text, input.trace)]);
  return space.read(vector);
}

/** What the join rules read: the local reading, the meaning reading, the bot's fallback and threshold. */
interface JoinFacts {
  local: Understanding;
  /** The local reading without its doubt and its skill: what a rule that decides builds on. */
  plain: Understanding;
  labels: LabelScore[];
  floor: number;
  nearest: LabelScore;
  /** The bot's intents (its fallback excepted), nearest first. */
  intents: LabelScore[];
  options: Pick<MeaningOptions, 'fallback' | 'threshold'>;
}

/** A rule's reading with what decided it, or undefined to ask the next rule (null: the local reading stands). */
type JoinRule = (f: JoinFacts) => { u: Understanding; what: string } | null | undefined;

const smallTalkRead = (u: Understanding) => u.skill !== undefined && u.skill.kind !== 'out_of_scope';

/** A request for a person read locally stands, and local small talk stands. */
const localSkill: JoinRule = ({ local }) => (local.skill?.kind === 'human' ? null : undefined);

/** A person asked for in other words than the skills' lines. */
const person: JoinRule = ({ local, plain, nearest, floor }) =>
  nearest.label === HUMAN_LABEL && nearest.probability >= SKILL_PROBABILITY && nearest.similarity >= floor && !smallTalkRead(local)
    ? { u: { ...plain, skill: { kind: 'human', confidence: nearest.probability } }, what: 'a request for a person' }
    : smallTalkRead(local)
      ? null
      : undefined;

/** Where local understanding was unsure, or called the message out of scope: the intent nearest of all, surely. */
const nearestIntent: JoinRule = ({ local, plain, nearest, intents, floor, options }) => {
  if (!local.unsure && local.skill?.kind !== 'out_of_scope') return undefined;
  const best = intents[0];
  if (best && best === nearest && best.probability >= options.threshold && best.similarity >= floor) {
    return { u: { ...plain, intents: [{ id: best.label, confidence: best.probability }] }, what: `intent ${best.label}` };
  }
  return local.skill ? null : undefined;
};

/** Unsure, and nearest the off-domain lines or further from every example than they are from each other: out of scope. */
const outOfScope: JoinRule = ({ local, plain, labels, nearest, floor }) => {
  if (!local.unsure) return undefined;
  const nearestBot = labels.find((l) => !isSkillLabel(l.label));
  const far = floor > 0 && (nearestBot?.similarity ?? -1) < floor;
  const offDomain = nearest.label === OUT_OF_SCOPE_LABEL && nearest.probability >= SKILL_PROBABILITY;
  if (!far && !offDomain) return null;
  const confidence = offDomain ? nearest.probability : Math.min(1, 1 - (nearestBot?.similarity ?? 0));
  return { u: { ...plain, skill: { kind: 'out_of_scope', confidence } }, what: 'out of scope' };
};

/** Local understanding was sure: the two readings' average decides, and only against it when another intent wins. */
const average: JoinRule = ({ local, labels, intents, floor, options }) => {
  const localScore = (id: string) => local.scores?.find((x) => x.id === id)?.confidence ?? local.intents.find((i) => i.id === id)?.confidence ?? 0;
  const probability = (id: string) => labels.find((l) => l.label === id)?.probability ?? 0;
  const combined = intents.map((l) => ({ id: l.label, confidence: (localScore(l.label) + l.probability) / 2, similarity: l.similarity })).sort((a, b) => b.confidence - a.confidence);
  const top = combined[0];
  if (!top || local.intents.some((i) => i.id === top.id)) return null;
  const localTop = local.intents[0];
  const localCombined = localTop ? (localTop.confidence + probability(localTop.id)) / 2 : 0;
  if (top.confidence < options.threshold || top.similarity < floor || top.confidence <= localCombined) return null;
  return { u: { ...local, intents: [{ id: top.id, confidence: top.confidence }] }, what: `intent ${top.id}` };
};

const JOIN_RULES: readonly JoinRule[] = [localSkill, person, nearestIntent, outOfScope, average];

/**
 * The local reading with the meaning reading's scores joined in:
 * - a request for a person read locally stands; one the nearest lines call so (and local understanding did not
 *   read as small talk) hands over;
 * - where local understanding was unsure, or called the message out of scope, an intent whose example is nearest
 *   of all (surely, and no further than the bot's examples are from each other) is chosen;
 * - an unsure message nearest the off-domain lines, or further from every example than that, is out of scope;
 * - where local understanding was sure, the two readings' average decides, and only against it when another
 *   intent wins.
 */
export function joinMeaning(local: Understanding, meaning: MeaningReading, options: Pick<MeaningOptions, 'fallback' | 'threshold'>, model = 'embeddings'): Understanding {
  const nearest = meaning.labels[0];
  if (!nearest) return local;
  const { unsure: _unsure, skill: _skill, ...plain } = local;
  const intents = meaning.labels.filter((l) => !isSkillLabel(l.label) && l.label !== options.fallback);
  const facts: JoinFacts = { local, plain, labels: meaning.labels, floor: meaning.floor, nearest, intents, options };
  for (const rule of JOIN_RULES) {
    const verdict = rule(facts);
    if (verdict === null) return local;
    if (verdict) return { ...verdict.u, note: `${verdict.what} by meaning (${model})` };
  }
  return local;
}
