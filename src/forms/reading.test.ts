// A form read by the runtime's slot readers (`read: message`), on the travel test bot: the order and its set-aside
// entries, asked slots and bare answers, an amount per person, a place with its state, "whenever", a value read
// inside another's words, the bot's vocabulary and reader, and the declaration's problems.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkedBotConfigSchema } from '../bot/config.ts';
import { readBotConfig } from '../bot/loader.ts';
import { readFormSlots, type SlotTextReader } from './reading.ts';
import { readingProblems } from './reading-kinds.ts';
import travel, { VOCABULARY } from '../../test/fixtures/form-bots/travel/index.ts';
import { growthOf, HOSTILE_SHAPES, superLinear } from '../nlu/testing/work.ts';

const bot = readBotConfig(resolve(import.meta.dirname, '../../test/fixtures/form-bots/travel'));
const form = bot.forms.trip;
const readers = travel.slotReaders as Record<string, SlotTextReader>;
const read = (text: string, asking: string[] = [], slots = {}) => readFormSlots(bot, form, { text, asking, slots, vocabulary: VOCABULARY, readers });

describe('reading a form with the slot readers', () => {
  it('reads several slots of one message, each value once, in readOrder', () => {
    expect(read('my name is Ana Lima, we are from Salem and want 5 nights in Lisbon, economy')).toEqual({
      name: 'Ana Lima', from: 'Salem', from_state: 'OR', nights: 5, destination: 'Lisbon', cabin: 'economy',
    });
    // The age is read first and set aside: its number is not the nights asked for.
    expect(read("I'm 30 years old, 5", ['nights'])).toEqual({ nights: 5 });
    expect(read('30 years old', ['nights'])).toEqual({});
  });

  it('reads a bare answer only for the slot asked', () => {
    expect(read('7', ['nights'])).toEqual({ nights: 7 });
    expect(read('7')).toEqual({});
    expect(read('Ana Lima', ['name'])).toEqual({ name: 'Ana Lima' });
    expect(read('Ana Lima')).toEqual({});
    expect(read('cheap', ['cabin'])).toEqual({ cabin: 'economy' });
    expect(read('cheap')).toEqual({});
    // A place asked alone takes the last clause; with a name asked too, only from a message of several clauses.
    expect(read('Salem', ['from'])).toEqual({ from: 'Salem', from_state: 'OR' });
    expect(read('Ana, Salem', ['name', 'from'])).toEqual({ name: 'Ana', from: 'Salem', from_state: 'OR' });
    expect(read('Ana Lima', ['name', 'from'])).toEqual({ name: 'Ana Lima' });
  });

  it('settles a place by its state, leaves the state open for a city of two states, reads a city after a cue', () => {
    expect(read('we are from Springfield')).toEqual({ from: 'Springfield' });
    expect(read('i live in Springfield, MO')).toEqual({ from: 'Springfield', from_state: 'MO' });
    expect(read('i am from Bangor - ME')).toEqual({ from: 'Bangor', from_state: 'ME' });
  });

  it('divides an amount by the household unless it is said per person', () => {
    expect(read('budget 3000, we are 3')).toEqual({ budget: 1000 });
    expect(read('me and my wife and 2 kids, we can spend 4000')).toEqual({ budget: 1000 });
    expect(read('a budget of 900 per person, we are 3')).toEqual({ budget: 900 });
    expect(read('budget 900, just me')).toEqual({ budget: 900 });
  });

  it('takes "whenever" as any value, and a bare one not asked for only when it is the last of its group', () => {
    expect(read('summer or winter, business')).toEqual({ season: 'any', cabin: 'business' });
    expect(read('whenever', ['season'])).toEqual({ season: 'any' });
    expect(read('whenever')).toEqual({});
    expect(read('business, whenever')).toEqual({ cabin: 'business', season: 'any' });
    expect(read('whenever', [], { cabin: 'economy' })).toEqual({ season: 'any' });
    expect(read('summertime')).toEqual({ season: 'summer' });
  });

  it('reads a slot inside the words of another, as an ordinal', () => {
    expect(read('a hotel room on the third floor')).toEqual({ lodging: 'hotel', floor: 3 });
    expect(read('a hotel room on the 2nd floor')).toEqual({ lodging: 'hotel', floor: 2 });
  });

  it("reads with the bot's vocabulary and reader", () => {
    expect(read('to rio for 3 nights')).toEqual({ destination: 'Rio de Janeiro', nights: 3 });
    expect(read('flying to JFK')).toEqual({ destination: 'New York' });
    expect(readFormSlots(bot, form, { text: 'to rio', readers })).toEqual({});
  });

  it('names what a declaration gets wrong', () => {
    const bad = { ...form, readOrder: ['nights', 'weather'], slots: { ...form.slots, budget: { ...form.slots.budget, perPersonWith: 'age' }, season: { ...form.slots.season, reader: 'seasons' } } };
    expect(readingProblems(bot, 'trip', bad, readers)).toEqual([
      "forms.trip.slots.budget.perPersonWith: 'age' is not a household: entity",
      "forms.trip.slots.season.reader names 'seasons', which the bot's index.ts does not export in slotReaders",
      "forms.trip.readOrder: 'weather' is neither a slot of the form nor an entity or gazetteer type",
    ]);
    expect(readingProblems(bot, 'trip', form, readers)).toEqual([]);
    // bot.yaml's check says so too (the readers of the code are checked when the bot loads).
    const checked = checkedBotConfigSchema.safeParse({ ...bot, forms: { trip: { ...form, readOrder: ['weather'] } } });
    expect(checked.error?.issues.map((i) => i.message)).toEqual(["forms.trip.readOrder: 'weather' is neither a slot of the form nor an entity or gazetteer type"]);
  });
});

describe('reading a long message', () => {
  it('does work linear in its length, whatever its shape (src/nlu/testing/work.ts)', () => {
    // The form reads at most 2,000 characters: linear from 500 to 2,000 is linear everywhere.
    const growth = growthOf((t) => read(t, ['name', 'nights']), HOSTILE_SHAPES, 500, 2000);
    expect(superLinear(growth).map((g) => `${g.shape}: ×${g.ratio.toFixed(1)}`)).toEqual([]);
  });
});
