import { describe, expect, it } from 'vitest';
import { createSkillDetector, decideSkill } from './index.ts';
import { overInsult } from './insult.ts';

describe('an insult with nothing of the bot’s in it', () => {
  const detector = createSkillDetector({
    language: 'es',
    domain: { compra: ['cuánto sale la whey?', 'quiero comprar creatina', 'tienen proteína de chocolate?', 'me separás dos potes de whey', 'la whey de vainilla está?', 'me parece que la creatina es trucha'] },
    names: ['Nico'],
  });
  const skill = (text: string) => {
    const reading = detector.read(text);
    return reading && overInsult(reading, decideSkill(reading), detector.insults(text));
  };

  it('is out of scope, the bot’s name read as the assistant', () => {
    expect(detector.insults('sos un pelotudo')).toBe(true);
    expect(detector.insults('Nico inútil')).toBe(true);
    expect(skill('sos un pelotudo')?.kind).toBe('out_of_scope');
    expect(skill('que bot de mierda')?.kind).toBe('out_of_scope');
    // A word only one example says may be the insult's own.
    expect(skill('este bot es re trucho')?.kind).toBe('out_of_scope');
  });

  it('still hands over when a person is asked for, and leaves a message about the bot’s things to it', () => {
    expect(skill('sos un pelotudo, quiero hablar con una persona')?.kind).toBe('human');
    expect(skill('bot de mierda, cuánto sale la whey?')?.kind).not.toBe('out_of_scope');
    expect(detector.insults('cuánto sale la whey?')).toBe(false);
  });
});
