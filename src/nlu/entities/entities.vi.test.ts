import { describe, expect, it } from 'vitest';
import { finder } from './test-helpers.ts';

// Ho Chi Minh City: Wednesday 2025-01-15, 20:00.
const find = finder('vi', 'Asia/Ho_Chi_Minh', [
  { type: 'color', values: { do: ['đỏ', 'màu đỏ'], den: ['đen', 'màu đen'] } },
  { type: 'product_type', values: { ao_thun: ['áo thun', 'áo phông'], ao: ['áo'], vay: ['váy', 'đầm'] } },
]);

describe('vi entities (fixed clock: Wed 2025-01-15 20:00 Asia/Ho_Chi_Minh)', () => {
  it.each([
    ['thứ sáu 7 giờ tối', { date: '2025-01-17', time: '19:00' }],
    ['ngày mai', { date: '2025-01-16' }],
    ['hôm nay', { date: '2025-01-15' }],
    ['ngày kia', { date: '2025-01-17' }],
    ['thứ 7', { date: '2025-01-18' }],
    ['chủ nhật', { date: '2025-01-19' }],
    ['8h sáng mai', { date: '2025-01-16', time: '08:00' }],
    ['19h30', { time: '19:30' }],
    ['lúc 3 giờ chiều', { time: '15:00' }],
    ['ngày 20', { date: '2025-01-20' }],
    ['20 tháng 2', { date: '2025-02-20' }],
    ['tối nay 8 giờ', { date: '2025-01-15', time: '20:00' }],
    ['thu sau 7 gio toi', { date: '2025-01-17', time: '19:00' }],
    ['thứ sáu tuần sau', { date: '2025-01-24' }],
    // The period before the day before the hour, "g" for giờ, minutes to the hour ("kém").
    ['chiều mai 3h', { date: '2025-01-16', time: '15:00', datetime: '2025-01-16T15:00' }],
    ['tối thứ 7 lúc 8h', { date: '2025-01-18', time: '20:00' }],
    ['3g chiều', { time: '15:00' }],
    ['lúc 9g', { time: '09:00' }],
    ['3 giờ kém 15 chiều', { time: '14:45' }],
    ['15h30', { time: '15:30' }],
  ])('date/time: %s', (text, expected) => {
    expect(find(text)).toMatchObject(expected);
  });

  it.each([
    ['tầm 1 triệu', { money: 1000000 }],
    ['2 triệu', { money: 2000000 }],
    ['500k', { money: 500000 }],
    ['1tr5', { money: 1500000 }],
    ['giá 350.000đ', { money: 350000 }],
    ['dưới 300 nghìn', { money: 300000 }],
  ])('money: %s', (text, expected) => {
    expect(find(text)).toMatchObject(expected);
  });

  it.each([
    ['sđt 0912 345 678', { phone: '0912345678' }],
    ['0912345678', { phone: '0912345678' }],
    ['+84 912 345 678', { phone: '+84912345678' }],
    ['email lan.nguyen@gmail.com', { email: 'lan.nguyen@gmail.com' }],
  ])('contacts: %s', (text, expected) => {
    expect(find(text)).toMatchObject(expected);
  });

  it.each([
    ['có', true],
    ['ừ', true],
    ['dạ vâng', true],
    ['được', true],
    ['ok', true],
    ['không', false],
    ['ko', false],
    ['không cần', false],
    // A run of answers of one sense is one answer; a polite "dạ" before a no keeps it a no.
    ['ừ đúng rồi', true],
    ['ok dc', true],
    ['dạ không', false],
    ['dạ thôi ạ', false],
    ['ko ko', false],
    // informal yes at a confirmation
    ['chốt', true],
    ['ok luôn', true],
    ['chốt luôn ạ', true],
  ])('yes/no: %s', (text, value) => {
    expect(find(text).yesno).toBe(value);
  });

  it.each(['mạng 4g yếu quá', 'wifi hay 4g'])('a bare "4g" is no time: %s', (text) => {
    expect(find(text).time).toBeUndefined();
  });

  it.each(['có size M không?', 'áo này còn không', 'có màu đen không'])('a question is not an answer: %s', (text) => {
    expect(find(text).yesno).toBeUndefined();
  });

  it('names and gazetteers', () => {
    expect(find('tên là Lan')).toMatchObject({ person: 'Lan' });
    expect(find('mình tên Minh Anh')).toMatchObject({ person: 'Minh Anh' });
    expect(find('shop có áo thun màu đỏ size M không')).toMatchObject({ product_type: 'ao_thun', color: 'do' });
    expect(find('ao mau den')).toMatchObject({ product_type: 'ao', color: 'den' });
  });
});
