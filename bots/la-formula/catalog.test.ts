import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBotConfig, sourcePath } from 'switchboard';
import {
  brandFollowUp,
  defaultCatalog,
  findProducts,
  formatAmount,
  stockPhrase,
  unknownProductQuery,
  type Catalog,
} from './catalog.ts';

/** Whether the catalogue cannot answer the message (the precio_stock heuristic). */
const mentionsUnknownProduct = (...args: Parameters<typeof unknownProductQuery>) => unknownProductQuery(...args) !== undefined;

const ids = (text: string, catalog: Catalog = defaultCatalog) => findProducts(catalog, text).map((m) => m.product.id);

describe('catalog.json (bot.yaml data.catalogo, checked by the runtime)', () => {
  it('holds 20–30 valid products with ARS prices and some out of stock', () => {
    expect(defaultCatalog.length).toBeGreaterThanOrEqual(20);
    expect(defaultCatalog.length).toBeLessThanOrEqual(30);
    expect(defaultCatalog.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(2);
    for (const p of defaultCatalog) expect(p.price, p.id).toBeGreaterThan(1000);
  });

  it('names every product by each of its aliases (the producto gazetteer keeps them all)', () => {
    for (const p of defaultCatalog) for (const alias of p.aliases) expect(ids(`busco ${alias}`), alias).toContain(p.id);
  });

  it('never lists a sold product among the things we do not carry', () => {
    for (const p of defaultCatalog) {
      expect(unknownProductQuery(`tenes ${p.name}?`), p.name).toBeUndefined();
    }
  });
});

describe('findProducts', () => {
  it('matches aliases ignoring case, accents, punctuation and plurals', () => {
    expect(ids('Tenés CREATÍNA??')).toEqual(['creatina-star-300', 'creatina-ena-500']);
    expect(ids('che cuanto sale la crea')).toContain('creatina-star-300');
    expect(ids('tienen BCAAs?')).toEqual(['bcaa-star']);
    expect(ids('precio de la L-Carnitina')).toEqual(['carnitina-star']);
    expect(ids('hay omega-3?')).toEqual(['omega3-star']);
    expect(ids('los quemadores de grasa que tenes')).toEqual(['quemador-ena-ripped']);
    expect(ids('cuanto estan las barritas')).toContain('barra-protein-star');
  });

  it('forgives one-letter typos in longer words only', () => {
    expect(ids('tenes glutamnia')).toEqual(['glutamina-ena']);
    expect(ids('la cretina esta?')).toContain('creatina-star-300');
    expect(ids('multa por pagar tarde')).toEqual([]);
  });

  it('lets a specific mention win over the generic one inside it', () => {
    expect(ids('whey isolada')).toEqual(['whey-isolada-gentech']);
    expect(ids('la creatina ena')).toEqual(['creatina-ena-500']);
    expect(ids('quiero el combo whey creatina')).toEqual(['combo-volumen']);
    expect(ids('tenes whey?').sort()).toEqual(
      ['caseina-xtrenght', 'whey-ena-true-made', 'whey-isolada-gentech', 'whey-star-concentrada'].sort(),
    );
  });

  it('orders by position, then in stock first, then by price', () => {
    const found = findProducts(defaultCatalog, 'pre entreno y shaker');
    expect(found.map((m) => m.product.id)).toEqual(['pre-gentech-3d', 'pre-star-pump', 'shaker-star']);
    expect(found[0].form).toBe('pre entreno');
  });

  it('drops products named only inside something we do not carry', () => {
    expect(ids('proteina de arroz')).toEqual([]);
    expect(ids('tenes vitamina d?')).toEqual([]);
    expect(ids('iso 100 de dymatize')).toEqual([]);
  });

  it('finds nothing in unrelated text', () => {
    expect(ids('hola buen dia, a que hora abren?')).toEqual([]);
    expect(findProducts(defaultCatalog, 'no me llego el pedido')).toEqual([]);
    expect(findProducts(defaultCatalog, 'me pasas el precio del ganador de peso?')).not.toEqual([]);
  });
});

describe('prices and stock', () => {
  it('formats pesos with dots', () => {
    expect(formatAmount(25000)).toBe('25.000');
    expect(formatAmount(2400)).toBe('2.400');
    expect(formatAmount(999)).toBe('999');
    expect(formatAmount(1234567)).toBe('1.234.567');
    expect(formatAmount(24999.6)).toBe('25.000');
    expect(formatAmount(59900)).toBe('59.900');
  });

  it('words the stock', () => {
    const { replies } = readBotConfig(dirname(sourcePath(import.meta.url)));
    expect(stockPhrase(0, replies)).toMatch(/no nos queda/);
    expect(stockPhrase(2, replies)).toMatch(/pocas unidades \(2\)/);
    expect(stockPhrase(3, replies)).toMatch(/pocas unidades \(3\)/);
    expect(stockPhrase(20, replies)).toBe('hay stock');
  });
});

describe('mentionsUnknownProduct (precio_stock)', () => {
  it('fires for products, brands and gear we do not carry', () => {
    for (const t of [
      'tenes ashwagandha?',
      'cuanto sale el ZMA',
      'venden melatonina?',
      'hay beta alanina',
      'tienen la Gold Standard de optimum?',
      'cuanto esta la creatina creapure?',
      'venden guantes para el gym?',
      'citrulina',
    ]) {
      expect(mentionsUnknownProduct(t), t).toBe(true);
    }
    expect(unknownProductQuery('cuanto esta la creatina creapure?')).toEqual({ reason: 'not_carried', terms: ['creapure'] });
  });

  it('fires for sizes and flavours none of the named products comes in', () => {
    expect(unknownProductQuery('tenes la whey de 5 libras?')).toEqual({ reason: 'size', terms: ['2.268 kg'] });
    expect(unknownProductQuery('creatina de 1kg tenes?')?.reason).toBe('size');
    expect(unknownProductQuery('les queda pre entreno sabor sandia?')).toEqual({ reason: 'flavour', terms: ['sandia'] });
    // These exist: 1 kg whey, 2 lb (907 g) isolate, 500 g creatine, chocolate whey.
    expect(mentionsUnknownProduct('la whey de 1 kilo cuanto sale?')).toBe(false);
    expect(mentionsUnknownProduct('la isolada de 2 libras?')).toBe(false);
    expect(mentionsUnknownProduct('creatina de medio kilo tenes?')).toBe(false);
    expect(mentionsUnknownProduct('tenes whey sabor chocolate?')).toBe(false);
  });

  it('checks a follow-up against the products of the conversation', () => {
    expect(unknownProductQuery('y en sabor banana la tenes?', defaultCatalog, { context: 'cuanto sale la whey?' })).toEqual({
      reason: 'flavour',
      terms: ['banana'],
    });
    expect(mentionsUnknownProduct('y en sabor frutilla?', defaultCatalog, { context: 'cuanto sale la whey star?' })).toBe(false);
    expect(unknownProductQuery('cuando les entra de nuevo?', defaultCatalog, { context: 'tenes omega 3?' })?.reason).toBe('restock');
    expect(mentionsUnknownProduct('cuando les entra de nuevo?')).toBe(false); // no product anywhere
  });

  it('fires for restock dates and wholesale prices', () => {
    expect(unknownProductQuery('cuando les entra el omega 3?')?.reason).toBe('restock');
    expect(unknownProductQuery('precio por mayor para mi gimnasio')?.reason).toBe('wholesale');
    // "cuando llega mi pedido" is a delivery problem, not a restock question.
    expect(mentionsUnknownProduct('cuando llega mi pedido de creatina?')).toBe(false);
  });

  it('stays quiet when the catalogue can answer or the topic is elsewhere', () => {
    for (const t of [
      'cuanto sale la whey?',
      'tienen BCAA?',
      'hay stock de creatina?',
      'que proteina me recomendas?',
      'no me llego el pedido',
      'hola buenas',
      'tenes oxandrolona?',
      'como hago para ganar masa?',
      'me lastime la mano y no puedo entrenar',
    ]) {
      expect(mentionsUnknownProduct(t), t).toBe(false);
    }
  });
});


describe('brandFollowUp', () => {
  const byId = (id: string) => defaultCatalog.find((p) => p.id === id)!;
  it('a brand alone after a product answer is that brand\'s product of the same category', () => {
    expect(brandFollowUp('y la de ena?', [byId('creatina-star-300')]).map((p) => p.id)).toEqual(['creatina-ena-500']);
    expect(brandFollowUp('y de gentech?', [byId('whey-star-concentrada')]).map((p) => p.id)).toEqual(['whey-isolada-gentech']);
  });
  it('nothing without a previous answer, a brand, or when a product is named', () => {
    expect(brandFollowUp('y la de ena?', [])).toEqual([]);
    expect(brandFollowUp('y cuanto sale?', [byId('creatina-star-300')])).toEqual([]);
    expect(brandFollowUp('y la whey ena?', [byId('creatina-star-300')])).toEqual([]);
  });
});
