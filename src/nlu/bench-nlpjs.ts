// NLP.js baseline for benchmarks: trained on the same (shuffled) examples, in the same run.
// @nlpjs/* are dev dependencies, so they are imported lazily.
import type { Example, IntentScore, Language } from './types.ts';
import { shuffled } from './bench-data.ts';

export interface BaselineModel {
  predict(text: string): Promise<IntentScore[]>;
}

export async function trainNlpjs(examples: Example[], lang: Language): Promise<BaselineModel> {
  process.env.NODE_ENV = 'production';
  const { Nlp } = (await importUntyped('@nlpjs/nlp')) as unknown as { Nlp: new (s: unknown) => NlpLike };
  const langModules: Record<string, () => Promise<unknown>> = {
    en: async () => ((await importUntyped('@nlpjs/lang-en')) as { LangEn: unknown }).LangEn,
    es: async () => ((await importUntyped('@nlpjs/lang-es')) as { LangEs: unknown }).LangEs,
    pt: async () => ((await importUntyped('@nlpjs/lang-pt')) as { LangPt: unknown }).LangPt,
  };
  const nlp = new Nlp({ languages: [lang], autoSave: false, autoLoad: false, nlu: { log: false } });
  const mod = langModules[lang];
  if (mod) nlp.use(await mod());
  for (const ex of shuffled(examples, 7)) {
    if (ex.intent) nlp.addDocument(lang, ex.text, ex.intent);
  }
  await nlp.train();
  return {
    async predict(text: string) {
      const r = await nlp.process(lang, text);
      const cls = (r.classifications ?? []) as { intent: string; score: number }[];
      return cls.map((c) => ({ id: c.intent, confidence: c.score })).sort((a, b) => b.confidence - a.confidence);
    },
  };
}

interface NlpLike {
  use(x: unknown): void;
  addDocument(locale: string, utterance: string, intent: string): void;
  train(): Promise<unknown>;
  process(locale: string, text: string): Promise<{ classifications?: unknown[]; intent?: string; score?: number }>;
}

/** Dynamic import by a non-literal name: NLP.js ships no type declarations. */
function importUntyped(name: string): Promise<unknown> {
  return import(name);
}
