import { describe, expect, it } from 'vitest';
import type { Gazetteer } from '../types.ts';
import { isNotName, readBareName, readIndifferent, readPersonName, SlotText } from './index.ts';

const seat: Gazetteer = {
  type: 'seat',
  values: { janela: ['janelinha'], corredor: ['no corredor'] },
  not: ['janela de tempo'],
  indifferent: { phrases: ['tanto faz', 'qualquer um'], filler: ['pra', 'mim', 'mesmo', 'pode', 'ser'], between: ['ou', 'e'] },
};
const kind = (text: string, asked = false, g = seat) => readIndifferent(new SlotText(text), g, asked)?.kind;

describe('readIndifferent', () => {
  it('reads two different values named together as any', () => {
    expect(kind('janela ou corredor, escolhe você')).toBe('any');
    expect(kind('janela / corredor')).toBe('any');
    expect(kind('janela, mas longe do corredor')).toBeUndefined();
    expect(kind('janela ou janelinha')).toBeUndefined();
  });
  it('reads a phrase in a clause naming a value as any, and a bare one only when asked', () => {
    expect(kind('se é corredor tanto faz')).toBe('any');
    expect(kind('pra mim tanto faz mesmo', true)).toBe('any');
    expect(kind('pra mim tanto faz mesmo')).toBe('unnamed');
    expect(kind('tanto faz o horário do voo')).toBeUndefined();
  });
  it('masks what answered the slot, and reads nothing for a gazetteer without the key', () => {
    const text = new SlotText('qualquer um pode ser, sem pressa');
    expect(readIndifferent(text, seat, true)?.kind).toBe('any');
    expect(text.folded).not.toContain('qualquer');
    expect(kind('tanto faz', true, { ...seat, indifferent: undefined })).toBeUndefined();
  });
});

describe('names with not words', () => {
  const spec = { not: ['estudante', 'oi', 'médica'] };
  it('refuses a single not word after a name cue, and keeps real names', () => {
    expect(readPersonName(new SlotText('sou estudante'), 'pt', spec)).toBeUndefined();
    expect(readPersonName(new SlotText('me chamo Lívia'), 'pt', spec)?.value).toBe('Lívia');
  });
  it('reads a bare clause as a name unless a word of it is a not word', () => {
    expect(readBareName(new SlotText('joana de almeida'), spec)?.value).toBe('Joana de Almeida');
    expect(readBareName(new SlotText('oi'), spec)).toBeUndefined();
    expect(readBareName(new SlotText('quero saber das bolsas de estudo agora mesmo'), spec)).toBeUndefined();
    expect(isNotName(spec, 'Médica')).toBe(true);
  });
  it('takes a bare name among other unread words only when it is typed as a name', () => {
    expect(readBareName(new SlotText('pera, na vdd quero enfermagem'), spec)).toBeUndefined();
    expect(readBareName(new SlotText('ok, tirei'), spec)).toBeUndefined();
    expect(readBareName(new SlotText('e'), spec)).toBeUndefined(); // a joiner left between values read ("integral e pública")
    expect(readBareName(new SlotText('oi, Joana aqui'), spec)?.value).toBe('Joana Aqui');
  });
});
