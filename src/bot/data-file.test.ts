import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBotConfig } from './loader.ts';
import { vocabularyOf } from './vocabulary.ts';

/** A shop bot (es) whose catalogue is `data.productos`, with the files given beside bot.yaml. */
function shop(data: string, files: Record<string, string> = {}, gazetteers = ''): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-data-'));
  const yaml = `id: tienda
language: es
understanding: { fallback: otro }
intents:
  otro: { label: Otro }
${gazetteers}
data:
${data}
`;
  writeFileSync(join(dir, 'bot.yaml'), yaml);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const COLUMNS = `    key: id
    columns:
      id: text
      nombre: text
      alias: { type: list, min: 1 }
      precio: { type: integer, min: 1 }
      stock: { type: integer, min: 0 }
      nota: { type: text, default: '' }`;

const JSON_ROWS = JSON.stringify([
  { id: 'crea', nombre: 'Creatina 300 g', alias: ['creatina', 'crea'], precio: 24900, stock: 3 },
  { id: 'whey', nombre: 'Whey 1 kg', alias: ['whey', 'proteina'], precio: 38000, stock: 0, nota: 'sabor vainilla' },
]);

describe('data: tables shipped with the bot', () => {
  it('reads a JSON file, fills the defaults and keeps the rows for the code', () => {
    const config = readBotConfig(shop(`  productos:\n    file: productos.json\n${COLUMNS}`, { 'productos.json': JSON_ROWS }));
    const rows = vocabularyOf(config).data<{ id: string; nota: string; stock: number }>('productos');
    expect(rows.map((r) => [r.id, r.stock, r.nota])).toEqual([['crea', 3, ''], ['whey', 0, 'sabor vainilla']]);
    expect(config.data.productos.rows).toBe(rows);
    expect(() => vocabularyOf(config).data('precios')).toThrow("bot 'tienda': no data.precios in bot.yaml (productos)");
  });

  it('reads a CSV file (numbers and |-separated lists from their cells) and a YAML one, then the inline rows', () => {
    const csv = 'id,nombre,alias,precio,stock\ncrea,Creatina 300 g,creatina | crea,24900,3\n';
    const fromCsv = readBotConfig(shop(`  productos:\n    file: productos.csv\n${COLUMNS}\n    rows:\n      - { id: barra, nombre: Barrita, alias: [barrita], precio: 1500, stock: 40 }`, { 'productos.csv': csv }));
    expect(fromCsv.data.productos.rows).toEqual([
      { id: 'crea', nombre: 'Creatina 300 g', alias: ['creatina', 'crea'], precio: 24900, stock: 3, nota: '' },
      { id: 'barra', nombre: 'Barrita', alias: ['barrita'], precio: 1500, stock: 40, nota: '' },
    ]);
    const yaml = '- { id: crea, nombre: Creatina, alias: [crea], precio: 100, stock: 1 }\n';
    expect(readBotConfig(shop(`  productos:\n    file: productos.yaml\n${COLUMNS}`, { 'productos.yaml': yaml })).data.productos.rows).toHaveLength(1);
  });

  it('refuses a bad row naming the table, the file, the row and the column; a repeated key; a missing file', () => {
    const bad = (rows: unknown[]) => () => readBotConfig(shop(`  productos:\n    file: p.json\n${COLUMNS}`, { 'p.json': JSON.stringify(rows) }));
    const ok = { id: 'a', nombre: 'A', alias: ['a'], precio: 100, stock: 1 };
    expect(bad([ok, { ...ok, id: 'b', stock: -1 }])).toThrow(/data\.productos: p\.json row 2 \(id "b"\): stock: .*>=0/);
    expect(bad([{ ...ok, alias: [] }])).toThrow(/row 1 \(id "a"\): alias: /);
    expect(bad([{ ...ok, precio: '100' }])).toThrow(/precio: .*number/);
    expect(bad([{ ...ok, color: 'rojo' }])).toThrow(/row 1 \(id "a"\): row: .*color/);
    expect(bad([{ ...ok, nombre: undefined }])).toThrow(/nombre: /);
    expect(bad([ok, ok])).toThrow('data.productos: two rows have id "a"');
    expect(() => readBotConfig(shop(`  productos:\n    file: nada.json\n${COLUMNS}`))).toThrow(/data\.productos\.file: 'nada\.json' does not exist/);
  });

  it("builds a gazetteer's values from a table: the value column, named by its synonym columns too", () => {
    const gazetteers = `gazetteers:\n  - type: producto\n    values: { shaker: [vaso mezclador] }\n    from: { data: productos, value: id, synonyms: [nombre, alias] }`;
    const config = readBotConfig(shop(`  productos:\n    file: productos.json\n${COLUMNS}`, { 'productos.json': JSON_ROWS }, gazetteers));
    const { gazetteer, mentioned } = vocabularyOf(config);
    expect(gazetteer('producto').values).toEqual({ shaker: ['vaso mezclador'], crea: ['Creatina 300 g', 'creatina', 'crea'], whey: ['Whey 1 kg', 'whey', 'proteina'] });
    expect(mentioned('producto', 'tenes creatina y un vaso mezclador?')).toEqual(['shaker', 'crea']);
  });

  it('switchboard check names the key, the table and the columns a gazetteer takes that do not exist', () => {
    const problems = (data: string, gazetteers = '') => {
      try {
        readBotConfig(shop(data, { 'p.json': '[]' }, gazetteers));
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(problems('  productos:\n    file: p.json\n    key: sku\n    columns: { id: text }')).toMatch(/data\.productos\.key: 'sku' is not one of its columns \(id\)/);
    expect(problems('  productos:\n    columns: { id: text }')).toMatch(/data\.productos: give a file or rows/);
    expect(problems('  productos:\n    file: p.json\n    columns: { id: text, precio: number }', 'gazetteers:\n  - { type: producto, from: { data: precios, value: id } }')).toMatch(
      /gazetteers\.0\.from\.data: 'precios' is not one of data: \(productos\)/,
    );
    expect(problems('  productos:\n    file: p.json\n    columns: { id: text, precio: number }', 'gazetteers:\n  - { type: producto, from: { data: productos, value: precio, synonyms: [alias] } }')).toMatch(
      /gazetteers\.0\.from\.value: 'precio' holds number, not text[\s\S]*gazetteers\.0\.from\.synonyms\.0: 'alias' is not a column of data\.productos/,
    );
  });
});
