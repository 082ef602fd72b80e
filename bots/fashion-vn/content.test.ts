// bot.yaml and the knowledge documents: valid, complete, and in the shape the runtime expects.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fashionConfig, botDir, fold } from './entities.ts';

const config = fashionConfig(); // validated by src/bot's schema

describe('fashion-vn bot.yaml', () => {
  it('has the seed\'s settings: Vietnamese, local single-label understanding, off_topic fallback', () => {
    expect(config).toMatchObject({
      id: 'fashion-vn', language: 'vi', timeZone: 'Asia/Ho_Chi_Minh', knowledge: 'knowledge/',
      understanding: { mode: 'local', fallback: 'off_topic', exclusive: [], multiIntent: false },
    });
    expect(config.understanding.threshold).toBeCloseTo(0.45, 2);
    expect(config.persona).toMatch(/thời trang/);
  });

  it('has exactly the three intents, each with at least 40 distinct examples, with and without diacritics', () => {
    expect(Object.keys(config.intents).sort()).toEqual(['general_fashion_inquiry', 'off_topic', 'purchase']);
    for (const [id, intent] of Object.entries(config.intents)) {
      expect(intent.handoff, id).toBe(false);
      expect(intent.label.length, id).toBeGreaterThan(0);
      const folded = intent.examples.map((e) => fold(e).trim());
      expect(new Set(folded).size, `${id} distinct`).toBeGreaterThanOrEqual(40);
      const ascii = intent.examples.filter((e) => e === fold(e));
      expect(ascii.length, `${id} has examples without diacritics`).toBeGreaterThanOrEqual(3);
      expect(ascii.length, `${id} mostly has diacritics`).toBeLessThan(intent.examples.length / 2);
    }
  });

  it('no example is shared between intents', () => {
    const seen = new Map<string, string>();
    for (const [id, intent] of Object.entries(config.intents)) {
      for (const e of intent.examples) {
        const key = fold(e).trim();
        expect(seen.get(key), `"${e}" in ${id} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, id);
      }
    }
  });

  it('examples use the way customers write: teen-code and "shop ơi"/"ad ơi"', () => {
    const all = Object.values(config.intents).flatMap((i) => i.examples).join('\n').toLowerCase();
    for (const w of [' k', ' ko', 'hok', 'sz', ' dc', 'ntn', ' bn', 'ạ', 'shop ơi', 'ad ơi']) expect(all, w).toContain(w);
  });

  it('has the four gazetteers and the reply templates the bot uses', () => {
    expect(config.gazetteers.map((g) => g.type).sort()).toEqual(['color', 'material', 'product_type', 'size']);
    for (const key of ['greeting', 'thanks', 'acknowledge', 'goodbye', 'not_sold', 'knowledge_not_found', 'no_products', 'no_products_generic', 'products_intro', 'products_intro_relaxed', 'saleor_down', 'off_topic', 'closing']) {
      expect(config.replies[key], key).toBeTruthy();
    }
    expect(config.replies.closing).toBe('Bạn có muốn hỏi thêm gì không?');
    expect(config.saleor?.rates).toEqual({ VND: 1, USD: 25000 });
  });
});

describe('fashion-vn knowledge', () => {
  const dir = join(botDir, config.knowledge ?? 'knowledge/');
  const files = readdirSync(dir).filter((f) => f.endsWith('.md'));

  it('covers returns, shipping, sizes, care, styling and payment', () => {
    const text = files.map((f) => fold(readFileSync(join(dir, f), 'utf8'))).join('\n');
    for (const topic of ['doi tra', 'giao hang', 'bang size', 'bao quan', 'phoi do', 'thanh toan']) expect(text, topic).toContain(topic);
  });

  it('every document has several short `## ` sections', () => {
    for (const f of files) {
      const sections = readFileSync(join(dir, f), 'utf8').split(/^## /m).slice(1);
      expect(sections.length, f).toBeGreaterThanOrEqual(4);
      for (const s of sections) expect(s.length, `${f}: ${s.slice(0, 30)}`).toBeLessThan(1200);
    }
  });
});
