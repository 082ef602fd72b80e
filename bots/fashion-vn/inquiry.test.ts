// Knowledge topics and passage ranking: which section answers a shop question.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTopicSection, type Passage, readKnowledgeDir, topicRouterFor, writesWithDiacritics } from 'switchboard/testing';
import { botDir, fashionConfig } from './entities.ts';

const config = fashionConfig();
const router = topicRouterFor(config)!;
const topics = router.topics;
const chunks = readKnowledgeDir(join(botDir, config.knowledge ?? 'knowledge/'));
const passages: Passage[] = chunks.map((c) => ({ doc: c.doc, heading: c.heading, content: c.content, score: 0 }));
const section = (q: string) => router.detectTopic(q)?.section;

describe('knowledge topics', () => {
  it('every topic names exactly one section of the knowledge documents', () => {
    expect(topics.length).toBeGreaterThan(30);
    for (const t of topics) expect(passages.filter((p) => isTopicSection(p, t)).map((p) => p.heading), t.section).toHaveLength(1);
  });

  // fresh phrasings, not bot.yaml examples
  const CASES: [string, string][] = [
    ['phí ship về Hà Nội bao nhiêu', 'Phí vận chuyển'],
    ['phi van chuyen ve tinh la bao nhieu', 'Phí vận chuyển'],
    ['đơn trên 500k có free ship ko shop', 'Phí vận chuyển'],
    ['ship ra Đà Nẵng mất bao lâu', 'Thời gian giao hàng'],
    ['ship về Cần Thơ mấy ngày tới', 'Thời gian giao hàng'],
    ['trả hàng thì bao lâu mới nhận lại tiền', 'Hoàn tiền'],
    ['tiền hoàn về tài khoản mất bao lâu', 'Hoàn tiền'],
    ['đổi hàng thì ai chịu tiền ship', 'Phí đổi trả'],
    ['thanh toán bằng những cách nào', 'Phương thức thanh toán'],
    ['thanh toan momo dc hok', 'Phương thức thanh toán'],
    ['mua tra gop dc ko', 'Trả góp'],
    ['hotline shop là gì', 'Liên hệ'],
    ['cho xin sđt shop với', 'Liên hệ'],
    ['đi biển nên mặc gì', 'Đi biển'],
    ['người gầy mặc gì', 'Người gầy'],
    ['áo polo mặc với quần gì', 'Phối áo polo'],
    ['nặng 70kg cao 1m75 mặc size gì', 'Bảng size áo thun'],
    ['giặt áo thun sao cho khỏi phai màu', 'Giặt áo cotton'],
    ['được kiểm tra hàng trước khi nhận không', 'Kiểm tra hàng khi nhận'],
  ];
  it.each(CASES)('"%s" → %s', (q, expected) => expect(section(q)).toBe(expected));

  it('words typed with diacritics keep their meaning: Nẵng is not nặng, lên is not len, vật is not VAT', () => {
    expect(section('ship ra Đà Nẵng mất bao lâu')).toBe('Thời gian giao hàng');
    expect(section('Đà Nẵng có gì đẹp')).toBeUndefined();
    expect(section('ethereum có lên không ad')).toBeUndefined();
    expect(section('giải hộ mình bài tập vật lý')).toBeUndefined();
    expect(section('mũ len giặt sao cho khỏi giãn')).toBe('Giặt đồ len');
  });

  it('weak cues pick a section for a shop question but do not make small talk a shop question', () => {
    expect(section('shop mở cửa mấy giờ')).toBe('Địa chỉ cửa hàng');
    expect(router.detectTopic('nay MU đá mấy giờ vậy ad', { strongOnly: true })).toBeUndefined();
    expect(router.detectTopic('phí vận chuyển về tỉnh là bao nhiêu', { strongOnly: true })?.section).toBe('Phí vận chuyển');
  });

  it('teen-code is expanded and a message without diacritics reads every accented form', () => {
    expect(router.words('sdt shop la gi').map((t) => t.raw)).toEqual(['số', 'điện', 'thoại', 'shop', 'la', 'gì']);
    expect(writesWithDiacritics(router.words('thanh toan momo dc hok'))).toBe(false);
    expect(writesWithDiacritics(router.words('thanh toán momo được không'))).toBe(true);
  });
});

describe('ranking passages', () => {
  const find = (start: string) => passages.find((p) => p.heading.startsWith(start))!;

  it('the topic section comes first whatever the search order', () => {
    const topic = router.detectTopic('phí ship về Hà Nội bao nhiêu vậy shop')!;
    const ranked = router.rankPassages('phí ship về Hà Nội bao nhiêu vậy shop', [find('Phí đổi trả'), find('Địa chỉ cửa hàng'), find('Phí vận chuyển')], topic);
    expect(ranked[0].heading).toMatch(/^Phí vận chuyển/);
  });

  it('without a topic, shared words decide, compared with their diacritics', () => {
    const size = find('Bảng size áo thun');
    const shipping = find('Thời gian giao hàng');
    expect(router.overlapScore('cân Đà Nẵng', size)).toBe(0); // "Nẵng" does not match "nặng"
    expect(router.overlapScore('cân nặng', size)).toBeGreaterThan(0);
    expect(router.overlapScore('thời gian ship đi Đà Nẵng', shipping)).toBeGreaterThan(0);
    expect(router.rankPassages('thời gian ship đi Đà Nẵng', [size, shipping]).map((p) => p.heading)).toEqual([shipping.heading]);
  });

  it('passages that share only particles, one word or "thời trang" with the question are dropped', () => {
    expect(router.rankPassages('chào shop nha', passages)).toEqual([]);
    expect(router.rankPassages('xu hướng thời trang năm nay là gì vậy shop', passages)).toEqual([]);
    expect(router.rankPassages('cách bảo quản giày da', passages)[0].heading).toMatch(/^Bảo quản giày da/);
  });
});
