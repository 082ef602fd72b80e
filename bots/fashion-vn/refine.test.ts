// classify_question's corrections: small talk, follow-ups after a search, products the customer asks for.
import { describe, expect, it } from 'vitest';
import { defaultVocabulary, fashionConfig } from './entities.ts';
import { refineIntents, type RefineInput } from './refine.ts';

const config = fashionConfig();
const base = { vocabulary: defaultVocabulary(), bot: config, fashion: undefined };
const refine = (text: string, intents: string[], fashion?: RefineInput['fashion']) => refineIntents({ ...base, text, intents, fashion });

const afterSneakers: RefineInput['fashion'] = {
  classification_decision: 'purchase',
  last_search: { entities: { keywords: [], product_type: 'sneakers', color: 'blue', size: '41' }, products: [{ id: 'b' }] },
};

describe('refineIntents', () => {
  it('after a search, a short message that changes colour, size or price continues the purchase', () => {
    expect(refine('màu trắng thì sao ạ', ['general_fashion_inquiry'], afterSneakers)).toEqual(['purchase']);
    expect(refine('mắc quá, có đôi nào rẻ hơn ko', ['general_fashion_inquiry'], afterSneakers)).toEqual(['purchase']);
    expect(refine('còn đôi nào khác không', ['off_topic'], afterSneakers)).toEqual(['purchase']);
    expect(refine('có size 43 hông', ['general_fashion_inquiry'], afterSneakers)).toEqual(['purchase']);
  });

  it('after a search, a shop question stays a shop question', () => {
    expect(refine('màu be hợp với màu gì', ['general_fashion_inquiry'], afterSneakers)).toEqual(['general_fashion_inquiry']);
    expect(refine('giày trắng bị ố thì làm sao', ['general_fashion_inquiry'], afterSneakers)).toEqual(['general_fashion_inquiry']);
    expect(refine('chân 26cm đi size mấy', ['general_fashion_inquiry'], afterSneakers)).toEqual(['general_fashion_inquiry']);
  });

  it('after a shop question, "còn giày thì sao" asks the same about shoes', () => {
    const afterCare = { classification_decision: 'general_fashion_inquiry' };
    expect(refine('còn giày thì sao', ['purchase'], afterCare)).toEqual(['general_fashion_inquiry']);
    expect(refine('còn giày thì sao', ['general_fashion_inquiry'], afterCare)).toEqual(['general_fashion_inquiry']);
    expect(refine('còn giày size 42 thì sao', ['purchase'], afterCare)).toEqual(['purchase']);
    expect(refine('còn giày thì sao', ['purchase'], afterSneakers)).toEqual(['purchase']);
    expect(refine('shop có bán giày không', ['purchase'], afterCare)).toEqual(['purchase']);
  });

  it('without a previous search, a colour alone is not a purchase', () => {
    expect(refine('màu trắng thì sao ạ', ['general_fashion_inquiry'])).toEqual(['general_fashion_inquiry']);
  });

  it('asking whether the shop has a product type is a purchase, even with an occasion in it', () => {
    expect(refine('có balo đi học không shop', ['general_fashion_inquiry'])).toEqual(['purchase']);
    expect(refine('shop còn áo polo nào đi phỏng vấn được không', ['general_fashion_inquiry'])).toEqual(['purchase']);
    expect(refine('áo polo mặc với quần gì', ['general_fashion_inquiry'])).toEqual(['general_fashion_inquiry']);
    expect(refine('hoodie có nên mặc khi trời nóng không', ['general_fashion_inquiry'])).toEqual(['general_fashion_inquiry']);
  });

  it('a shop topic the classifier took for off-topic is an inquiry; a weak cue is not enough', () => {
    expect(refine('phí vận chuyển về tỉnh là bao nhiêu', ['off_topic'])).toEqual(['general_fashion_inquiry']);
    expect(refine('nay MU đá mấy giờ vậy ad', ['off_topic'])).toEqual(['off_topic']);
    expect(refine('viết giúp mình cái email xin nghỉ phép', ['off_topic'])).toEqual(['off_topic']);
  });

  it("the classifier's off-topic examples stay off-topic", () => {
    for (const text of config.intents.off_topic.examples) expect(refine(text, ['off_topic']), text).toEqual(['off_topic']);
  });
});

describe('several requests in one message', () => {
  it('adds the purchase when a clause asks for a product beside a shop question', () => {
    expect(refine('áo polo còn hàng ko, với lại phí ship bao nhiêu', ['general_fashion_inquiry'])).toEqual(['purchase', 'general_fashion_inquiry']);
    expect(refine('shop có bán giày ko, đổi trả được mấy ngày', ['purchase'])).toEqual(['purchase', 'general_fashion_inquiry']);
  });
  it('leaves a single shop question about a product alone, and a product wanted for an occasion', () => {
    expect(refine('có áo thun ko shop, mình cần mặc đi chơi', ['purchase'])).toEqual(['purchase']);
    expect(refine('áo hoodie giặt máy được không', ['general_fashion_inquiry'])).toEqual(['general_fashion_inquiry']);
    expect(refine('giặt áo polo sao cho khỏi co, với lại phơi ở đâu', ['general_fashion_inquiry'])).toEqual(['general_fashion_inquiry']);
  });
});
