import { describe, expect, it } from 'vitest';
import { input, restaurant, understood } from '../../../test/support/decision.ts';
import { botIntentsPolicy } from './bot-intents.ts';
import { ownReading, withoutDoubtedHandoffs } from './own-reading.ts';

const complaints = restaurant();
const ids = (u: { intents: { id: string }[] }) => u.intents.map((i) => i.id);

describe("the bot's own reading", () => {
  it('follows no handoff intent the skills read as small talk or, while a form waits, as out of scope', () => {
    const robot = withoutDoubtedHandoffs(complaints, understood(['queja'], { skill: { kind: 'bot_question', confidence: 0.83 } }));
    expect(ids(robot)).toEqual(['charla']);
    expect(robot.unsure).toBe(true);
    const aside = { skillAside: { kind: 'out_of_scope' as const, confidence: 0.97, question: true } };
    expect(ids(withoutDoubtedHandoffs(complaints, understood(['queja', 'reservar'], aside)))).toEqual(['reservar']);
    // A digression to another of the bot's intents keeps its reading.
    expect(ids(withoutDoubtedHandoffs(complaints, understood(['pregunta'], aside)))).toEqual(['pregunta']);
  });

  it("keeps the handoff with nothing else read, or on a model's reading, and never edits what was understood", () => {
    const plain = understood(['queja']);
    expect(withoutDoubtedHandoffs(complaints, plain)).toBe(plain);
    const model = { ...understood(['queja'], { skill: { kind: 'greeting', confidence: 0.9 } }), source: 'llm' as const };
    expect(ids(withoutDoubtedHandoffs(complaints, model))).toEqual(['queja']);
    const robot = Object.freeze(understood(['queja'], { skill: { kind: 'bot_question', confidence: 0.83 } }));
    withoutDoubtedHandoffs(complaints, robot);
    expect(ids(robot)).toEqual(['queja']);
  });

  it("applies the bot's refinement (scores kept, new intents sure) and asks its router once", async () => {
    let routed = 0;
    const reading = await ownReading(
      input(complaints, understood(['reservar']), {
        refine: async () => ({ intents: ['charla', 'reservar'] }),
        route: async (_u, intents) => {
          routed++;
          return intents.map((i) => `${i}!`);
        },
      }),
    );
    expect(reading.understanding.intents).toEqual([{ id: 'charla', confidence: 1 }, { id: 'reservar', confidence: 0.8 }]);
    expect(await reading.routes()).toEqual(['charla!', 'reservar!']);
    await reading.routes();
    expect(routed).toBe(1);
  });

  it('names the refine rules that changed the intents in the decision (the trace shows it)', async () => {
    const rule = 'understanding.refine[1] (a booking): charla → reservar';
    const decision = await botIntentsPolicy.decide(input(complaints, understood(['charla']), { refine: async () => ({ intents: ['reservar'], rule }) }));
    expect(decision?.why).toBe(`the bot's reading: reservar (refined by ${rule})`);
    const unchanged = await botIntentsPolicy.decide(input(complaints, understood(['charla']), { refine: async () => ({ intents: ['charla'] }) }));
    expect(unchanged?.why).toBe("the bot's reading: charla");
  });
});
