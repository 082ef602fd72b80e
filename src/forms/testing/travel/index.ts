// The travel test bot's code: only what its data adds to the runtime's reading of the trip form — cities with
// their states and more destinations (`slotVocabulary`) — and a destination reader that also takes a city's
// airport code (`slotReaders`). Every message goes to the form.
import { defineBot } from '../../../bot/index.ts';
import { readGazetteer } from '../../../nlu/index.ts';
import type { SlotVocabulary } from '../../reading.ts';

export const VOCABULARY: SlotVocabulary = {
  gazetteers: { destination: { 'Rio de Janeiro': ['rio'] } },
  cities: [
    { name: 'Springfield', state: 'IL' },
    { name: 'Springfield', state: 'MO' },
    { name: 'Salem', state: 'OR' },
  ],
};

const AIRPORTS: Record<string, string> = { lis: 'Lisbon', jfk: 'New York', gig: 'Rio de Janeiro' };

export default defineBot({
  specialists: {},
  route: () => ['trip'],
  slotVocabulary: () => VOCABULARY,
  slotReaders: {
    destination: ({ text, gazetteer, asked }) => {
      const code = text.find(/(?<![a-z])(lis|jfk|gig)(?![a-z])/);
      if (code) {
        text.mask(code.index, code.index + code[0].length);
        return AIRPORTS[code[1]];
      }
      return gazetteer && readGazetteer(text, gazetteer, asked)?.value;
    },
  },
});
