import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { botVocabulary, readBotConfig, vocabularyOf } from './index.ts';

const YAML = `id: shop
language: es
understanding: { fallback: otro }
intents:
  otro: { label: Otro, examples: [hola] }
gazetteers:
  - type: tema
    values:
      envios: [envio, envios, mandan]
      pagos: [pago, tarjeta, transferencia]
  - type: producto
    values: { whey: [proteina], creatina: [] }
    notInside: [no_vendemos]
  - type: no_vendemos
    values: { proteina de arroz: [] }
entities:
  - type: precio
    pattern: '\\b(?:precio|cuanto (?:sale|cuesta))\\b'
`;

function botFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-vocab-'));
  writeFileSync(join(dir, 'bot.yaml'), YAML);
  return dir;
}

describe('a bot vocabulary', () => {
  const vocabulary = vocabularyOf(readBotConfig(botFolder()));

  it('says what a regex entity matches, folded, and nothing when none does', () => {
    expect(vocabulary.says('precio', '¿Cuánto SALE la whey?')).toBe('cuanto sale');
    expect(vocabulary.says('precio', 'hola')).toBeUndefined();
    expect(vocabulary.says('no_such_type', 'precio')).toBeUndefined();
  });

  it("lists a gazetteer's values a text names in the gazetteer's order, typos forgiven", () => {
    expect(vocabulary.mentioned('tema', 'pago con tarjeta, ¿hacen envíos?')).toEqual(['envios', 'pagos']);
    expect(vocabulary.mentioned('tema', 'aceptan trasnferencia?')).toEqual(['pagos']);
    expect(vocabulary.mentioned('tema', 'hola')).toEqual([]);
    expect(vocabulary.gazetteer('no_such_type')).toEqual({ type: 'no_such_type', values: {} });
  });

  it('names no value inside a mention of a `notInside` gazetteer', () => {
    expect(vocabulary.mentioned('producto', 'tenes proteina de arroz?')).toEqual([]);
    expect(vocabulary.mentioned('producto', 'tenes proteina de arroz o creatina?')).toEqual(['creatina']);
    expect(vocabulary.mentions('producto', 'una proteina')).toMatchObject([{ value: 'whey', start: 4, end: 12 }]);
    expect(vocabulary.mentions('no_such_type', 'proteina')).toEqual([]);
  });

  it('a `notInside` naming no gazetteer is a bot.yaml problem', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-vocab-'));
    writeFileSync(join(dir, 'bot.yaml'), YAML.replace('notInside: [no_vendemos]', 'notInside: [nada]'));
    expect(() => readBotConfig(dir)).toThrow(/gazetteers\[?\.?2\]?\.notInside|'nada' is not one of the gazetteers/);
  });

  it("is found from a module's URL in the bot folder or below it, read once", () => {
    const dir = botFolder();
    mkdirSync(join(dir, 'lib'));
    const fromModule = botVocabulary(pathToFileURL(join(dir, 'lib', 'catalog.ts')).href);
    expect(fromModule.mentioned('tema', 'mandan a cordoba?')).toEqual(['envios']);
    expect(botVocabulary(pathToFileURL(join(dir, 'index.ts')).href)).toBe(fromModule);
    expect(() => botVocabulary(pathToFileURL(join(tmpdir(), 'nowhere', 'x.ts')).href)).toThrow(/no bot\.yaml/);
  });
});
