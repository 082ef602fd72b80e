// A restart loads each bot's trained classifier and skill detector from the store instead of training them again;
// a change of examples trains anew (and stores that one).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../store/index.ts';
import { Runtime } from './runtime.ts';
import { detectorCacheName } from './understanding.ts';

describe('classifier cache', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-classifier-cache-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function run<T>(fn: (rt: Runtime) => Promise<T>): Promise<T> {
    const db = await openDatabase({ dataDir });
    const rt = await Runtime.create({ db, only: ['ct-smash'] });
    try {
      return await fn(rt);
    } finally {
      await rt.close();
      await db.close();
    }
  }
  const probe = 'queria marcar uma aula experimental de muay thai';
  /** The key of the classifier stored for ct-smash, once it differs from `previous` (it is written in the background). */
  const storedKey = async (rt: Runtime, previous?: string, name = 'ct-smash') => {
    for (let i = 0; i < 100; i++) {
      const [row] = await rt.db.query<{ key: string }>('select key from classifier_cache where bot = $1', [name]);
      if (row && row.key !== previous) return row.key;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the trained classifier was not stored');
  };

  it('trains on the first start, loads on the next, and trains again when the examples change', async () => {
    const first = await run(async (rt) => {
      const scores = rt.bot('ct-smash').local.classify(probe);
      expect(rt.bot('ct-smash').local.restored).toBe(false);
      return { scores, key: await storedKey(rt) };
    });
    await run(async (rt) => {
      expect(rt.bot('ct-smash').local.classify(probe)).toEqual(first.scores);
      expect(rt.bot('ct-smash').local.restored).toBe(true);
      // An admin adds an example: the classifier trains again, and that one is stored in its turn.
      await rt.putIntents('ct-smash', { faq: { examples: [...rt.bot('ct-smash').intents.faq.examples, 'vocês abrem no feriado de carnaval?'] } });
      expect(rt.bot('ct-smash').local.restored).toBe(false);
      await storedKey(rt, first.key);
    });
    await run(async (rt) => {
      expect(rt.bot('ct-smash').local.restored).toBe(true);
    });
  });

  it('does the same for the skill detector', async () => {
    const offDomain = 'qual é a capital da austrália?';
    const first = await run(async (rt) => {
      const detector = rt.bot('ct-smash').skills?.();
      expect(detector?.restored).toBe(false);
      return { reading: detector?.read(offDomain), key: await storedKey(rt, undefined, detectorCacheName('ct-smash')) };
    });
    await run(async (rt) => {
      const detector = rt.bot('ct-smash').skills?.();
      expect(detector?.restored).toBe(true);
      expect(detector?.read(offDomain)).toEqual(first.reading);
      await rt.putIntents('ct-smash', { faq: { examples: [...rt.bot('ct-smash').intents.faq.examples, 'vocês abrem no feriado de páscoa?'] } });
      expect(rt.bot('ct-smash').skills?.()?.restored).toBe(false);
      await storedKey(rt, first.key, detectorCacheName('ct-smash'));
    });
  });
});
