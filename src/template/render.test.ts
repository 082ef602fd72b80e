import { describe, expect, it } from 'vitest';
import { renderTemplate } from './render.ts';
import { fillOrOmit, fillTemplate } from './render.ts';
import { replyText } from '../forms/engine.ts';
import type { TurnContext } from '../engine/types.ts';

describe('the one template renderer', () => {
  const template = 'Revisão{?carro: do {carro}} para {dia}.{?busca: Buscamos o carro.}';

  it('shows a section only when its placeholder has a value, nested and by value', () => {
    expect(renderTemplate(template, { carro: 'Gol', dia: 'sexta', busca: 'sim' })).toBe('Revisão do Gol para sexta. Buscamos o carro.');
    expect(renderTemplate(template, { dia: 'sexta' })).toBe('Revisão para sexta.');
    expect(renderTemplate('{?f=todas:{?ok: [feito]}}', { f: 'todas', ok: 'x' })).toBe(' [feito]');
    expect(renderTemplate('Oi {nome}', {})).toBe('Oi {nome}');
  });

  it('renders replies, opening texts and form texts the same way', () => {
    // Every text of a bot goes through the same renderer: an empty optional slot's section is never printed.
    expect(fillTemplate(template, { dia: 'sexta' })).toBe('Revisão para sexta.');
    expect(fillOrOmit('Oi{?nome:, {nome}}! {x}', {})).toBe('Oi! ');
    const ctx = { bot: { replies: { resumo: template } }, reply: (k: string, v: Record<string, string>) => fillTemplate(template, v) } as unknown as TurnContext;
    expect(replyText(ctx, 'resumo', { dia: 'sexta' })).toBe('Revisão para sexta.');
    expect(replyText(ctx, 'Confirma {dia}{?carro: ({carro})}?', { dia: 'sexta' })).toBe('Confirma sexta?');
  });
});
