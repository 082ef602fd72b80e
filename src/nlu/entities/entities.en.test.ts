import { describe, expect, it } from 'vitest';
import { extractEntities } from './index.ts';
import { finder, NOW } from './test-helpers.ts';

// New York: Wednesday 2025-01-15, 08:00.
const find = finder('en', 'America/New_York', [{ type: 'size', values: { S: ['small', 's'], M: ['medium'], L: ['large'] } }]);

describe('en entities (fixed clock: Wed 2025-01-15 08:00 America/New_York)', () => {
  it('minutes against the hour carry the later hour too; a range is no such time', () => {
    const all = (text: string) => extractEntities(text, { lang: 'en', now: NOW, timeZone: 'America/New_York' });
    expect(all('quarter to 5').find((e) => e.type === 'time')).toMatchObject({ value: '04:45', alt: '16:45' });
    expect(all('a quarter to nine').find((e) => e.type === 'time')).toMatchObject({ value: '08:45', alt: '20:45' });
    expect(all('open from 10 to 5').find((e) => e.type === 'time')?.value).not.toBe('04:50');
  });

  it('hours in words after a cue, not a count after "around"', () => {
    expect(find('at seven').time).toBe('07:00');
    expect(find('at nine in the evening').time).toBe('21:00');
    expect(find('around ten people').time).toBeUndefined();
  });

  it.each([
    ['in 30 minutes', { date: '2025-01-15', time: '08:30' }],
    ['in three days', { date: '2025-01-18' }],
    ['next week', { date: '2025-01-20' }],
    ['tomorrow in the evening', { date: '2025-01-16', period: 'evening' }],
  ])('relative: %s', (text, expected) => {
    expect(find(text)).toMatchObject(expected);
  });

  it.each([
    ['tomorrow 7pm', { date: '2025-01-16', time: '19:00', datetime: '2025-01-16T19:00' }],
    ['friday at 3pm', { date: '2025-01-17', time: '15:00' }],
    ['today at noon', { date: '2025-01-15', time: '12:00' }],
    ['7:30 am', { time: '07:30' }],
    ['the day after tomorrow', { date: '2025-01-17' }],
    ['on the 20th', { date: '2025-01-20' }],
    ['March 5th', { date: '2025-03-05' }],
    ['12/25', { date: '2025-12-25' }],
    ['at 9 in the morning', { time: '09:00' }],
    ['tonight at 8', { date: '2025-01-15', time: '20:00' }],
    ['next monday', { date: '2025-01-20' }],
    ['at 19:00', { time: '19:00' }],
    ['tmrw at 10am', { date: '2025-01-16', time: '10:00' }],
    // Chat spellings and typos of "tomorrow", "wed", minutes against the hour, "11ish".
    ['2moro at 4pm', { date: '2025-01-16', time: '16:00' }],
    ['tommorow', { date: '2025-01-16' }],
    ['wed at 1pm', { date: '2025-01-15', time: '13:00' }],
    ['half past 2 pm', { time: '14:30' }],
    ['quarter to 5', { time: '04:45' }],
    ['10 past 3 in the afternoon', { time: '15:10' }],
    ['sat 11ish', { time: '11:00' }],
  ])('date/time: %s', (text, expected) => {
    expect(find(text)).toMatchObject(expected);
  });

  it.each([
    ['$15,000', { money: 15000 }],
    ['about 500k', { money: 500000 }],
    ['15 dollars', { money: 15 }],
    ['$12.50', { money: 12.5 }],
    ['I scored 1450', { score: 1450 }],
    ['2 tickets', { number: 2 }],
    ['for three people', { number: 3 }],
  ])('numbers: %s', (text, expected) => {
    expect(find(text)).toMatchObject(expected);
  });

  it.each([
    ['(415) 555-0123', { phone: '4155550123' }],
    ['+1 415 555 0123', { phone: '+14155550123' }],
    ['john@example.com', { email: 'john@example.com' }],
  ])('contacts: %s', (text, expected) => {
    expect(find(text)).toMatchObject(expected);
  });

  it.each([
    ['yes', true],
    ['sure', true],
    ['yeah, sounds good', true],
    ['of course', true],
    ['no', false],
    ['nope', false],
    ['no thanks', false],
    ['yeah sure', true],
    ['ok sounds good', true],
    ['nah no', false],
    // informal yes at a confirmation
    ['go for it', true],
    ['lets do it', true],
    ['works for me', true],
  ])('yes/no: %s', (text, value) => {
    expect(find(text).yesno).toBe(value);
  });

  it.each(['I have no idea', 'no one answered my call'])('no yes/no in: %s', (text) => {
    expect(find(text).yesno).toBeUndefined();
  });

  it('names and gazetteers', () => {
    expect(find('my name is John Smith')).toMatchObject({ person: 'John Smith' });
    expect(find("hi, I'm Sarah from Acme")).toMatchObject({ person: 'Sarah', company: 'Acme' });
    expect(find('I am interested').person).toBeUndefined();
    expect(find('hey its Dan, can i book a tune up')).toMatchObject({ person: 'Dan' });
    expect(find('its broken again').person).toBeUndefined();
    expect(find('do you have it in Medium?')).toMatchObject({ size: 'M' });
  });
});
