import { describe, expect, it } from 'vitest';
import { fashionConfig } from './entities.ts';
import { smallTalk } from './smalltalk.ts';

const greetings = fashionConfig().greetings;

describe('small talk', () => {
  it.each([
    ['chào shop', 'greeting'],
    ['xin chào ạ', 'greeting'],
    ['hello', 'greeting'],
    ['Shop ơi!', 'greeting'],
    ['ad oi', 'greeting'],
    ['chào buổi sáng shop', 'greeting'],
    ['cảm ơn shop nha', 'thanks'],
    ['ok cảm ơn bạn nhiều', 'thanks'],
    ['thanks ad', 'thanks'],
    ['tks shop', 'thanks'],
    ['ok', 'acknowledge'],
    ['oke shop', 'acknowledge'],
    ['dạ vâng ạ', 'acknowledge'],
    ['được rồi ạ', 'acknowledge'],
    ['bye shop nhé', 'goodbye'],
    ['tạm biệt ad', 'goodbye'],
  ] as const)('"%s" is %s', (text, kind) => expect(smallTalk(text, greetings)).toBe(kind));

  it.each([
    'chào shop, có áo hoodie xám không',
    'ok cảm ơn, mà đổi trả trong mấy ngày vậy',
    'màu vàng',
    'hello bạn tên gì',
    'ok lấy cho mình size M',
    '',
  ])('"%s" says something more', (text) => expect(smallTalk(text, greetings)).toBeUndefined());
});
