// classify_question's corrections (bot.yaml understanding.refine with refine.ts's predicates): follow-ups after a
// search, products the customer asks for, shop topics.
import { describe, expect, it } from 'vitest';
import type { RouteContext } from 'switchboard';
import { PREVIOUS_INTENTS_KEY, refineTurnIntents } from 'switchboard/testing';
import { defaultVocabulary, fashionConfig, type ProductEntities } from './entities.ts';
import { refinePredicates } from './refine.ts';

const config = fashionConfig();
const vocabulary = defaultVocabulary();
const definition = { predicates: refinePredicates(async () => vocabulary) };

/** memory.fashion as the specialists leave it; the runtime keeps the answered intent beside it. */
type Fashion = { classification_decision?: string; last_search?: { entities: ProductEntities; products?: unknown[] } };

async function refine(text: string, intents: string[], fashion?: Fashion): Promise<string[]> {
  const memory = { fashion, ...(fashion?.classification_decision ? { [PREVIOUS_INTENTS_KEY]: [fashion.classification_decision] } : {}) };
  const understanding = { intents: intents.map((id) => ({ id, confidence: 0.9 })), entities: [], language: 'vi', source: 'local' };
  const ctx = { text, intents, understanding, memory, session: {}, bot: config, sql: undefined } as unknown as RouteContext;
  return (await refineTurnIntents(definition, ctx)).intents;
}

const afterSneakers: Fashion = {
  classification_decision: 'purchase',
  last_search: { entities: { keywords: [], product_type: 'sneakers', color: 'blue', size: '41' }, products: [{ id: 'b' }] },
};

describe('understanding.refine', () => {
  it('after a search, a short message that changes colour, size or price continues the purchase', async () => {
    expect(await refine('màu trắng thì sao ạ', ['general_fashion_inquiry'], afterSneakers)).toEqual(['purchase']);
    expect(await refine('mắc quá, có đôi nào rẻ hơn ko', ['general_fashion_inquiry'], afterSneakers)).toEqual(['purchase']);
    expect(await refine('còn đôi nào khác không', ['off_topic'], afterSneakers)).toEqual(['purchase']);
    expect(await refine('có size 43 hông', ['general_fashion_inquiry'], afterSneakers)).toEqual(['purchase']);
  });

  it('after a search, a shop question stays a shop question', async () => {
    expect(await refine('màu be hợp với màu gì', ['general_fashion_inquiry'], afterSneakers)).toEqual(['general_fashion_inquiry']);
    expect(await refine('giày trắng bị ố thì làm sao', ['general_fashion_inquiry'], afterSneakers)).toEqual(['general_fashion_inquiry']);
    expect(await refine('chân 26cm đi size mấy', ['general_fashion_inquiry'], afterSneakers)).toEqual(['general_fashion_inquiry']);
  });

  it('after a shop question, "còn giày thì sao" asks the same about shoes', async () => {
    const afterCare = { classification_decision: 'general_fashion_inquiry' };
    expect(await refine('còn giày thì sao', ['purchase'], afterCare)).toEqual(['general_fashion_inquiry']);
    expect(await refine('còn giày thì sao', ['general_fashion_inquiry'], afterCare)).toEqual(['general_fashion_inquiry']);
    expect(await refine('còn giày size 42 thì sao', ['purchase'], afterCare)).toEqual(['purchase']);
    expect(await refine('còn giày thì sao', ['purchase'], afterSneakers)).toEqual(['purchase']);
    expect(await refine('shop có bán giày không', ['purchase'], afterCare)).toEqual(['purchase']);
  });

  it('without a previous search, a colour alone is not a purchase', async () => {
    expect(await refine('màu trắng thì sao ạ', ['general_fashion_inquiry'])).toEqual(['general_fashion_inquiry']);
  });

  it('asking whether the shop has a product type is a purchase, even with an occasion in it', async () => {
    expect(await refine('có balo đi học không shop', ['general_fashion_inquiry'])).toEqual(['purchase']);
    expect(await refine('shop còn áo polo nào đi phỏng vấn được không', ['general_fashion_inquiry'])).toEqual(['purchase']);
    expect(await refine('áo polo mặc với quần gì', ['general_fashion_inquiry'])).toEqual(['general_fashion_inquiry']);
    expect(await refine('hoodie có nên mặc khi trời nóng không', ['general_fashion_inquiry'])).toEqual(['general_fashion_inquiry']);
  });

  it('a shop topic the classifier took for off-topic is an inquiry; a weak cue is not enough', async () => {
    expect(await refine('phí vận chuyển về tỉnh là bao nhiêu', ['off_topic'])).toEqual(['general_fashion_inquiry']);
    expect(await refine('nay MU đá mấy giờ vậy ad', ['off_topic'])).toEqual(['off_topic']);
    expect(await refine('viết giúp mình cái email xin nghỉ phép', ['off_topic'])).toEqual(['off_topic']);
  });

  it("the classifier's off-topic examples stay off-topic", async () => {
    for (const text of config.intents.off_topic.examples) expect(await refine(text, ['off_topic']), text).toEqual(['off_topic']);
  });
});

describe('several requests in one message', () => {
  it('adds the purchase when a clause asks for a product beside a shop question', async () => {
    expect(await refine('áo polo còn hàng ko, với lại phí ship bao nhiêu', ['general_fashion_inquiry'])).toEqual(['purchase', 'general_fashion_inquiry']);
    expect(await refine('shop có bán giày ko, đổi trả được mấy ngày', ['purchase'])).toEqual(['purchase', 'general_fashion_inquiry']);
  });
  it('leaves a single shop question about a product alone, and a product wanted for an occasion', async () => {
    expect(await refine('có áo thun ko shop, mình cần mặc đi chơi', ['purchase'])).toEqual(['purchase']);
    expect(await refine('áo hoodie giặt máy được không', ['general_fashion_inquiry'])).toEqual(['general_fashion_inquiry']);
    expect(await refine('giặt áo polo sao cho khỏi co, với lại phơi ở đâu', ['general_fashion_inquiry'])).toEqual(['general_fashion_inquiry']);
  });
});
