import { describe, expect, it } from 'vitest';
import { parse, validate } from 'graphql';
import { SALEOR_QUERIES } from './queries.ts';
import { loadSaleorSchema } from './dev-graphql.ts';

// Built once for the file: the SDL is 1 MB.
const schema = loadSaleorSchema();

describe('Saleor query documents', () => {
  for (const [name, document] of Object.entries(SALEOR_QUERIES)) {
    it(`${name} validates against Saleor's schema`, () => {
      const ast = parse(document);
      expect(validate(schema, ast).map((e) => e.message)).toEqual([]);
      const operations = ast.definitions.filter((d) => d.kind === 'OperationDefinition');
      expect(operations).toHaveLength(1);
      expect((operations[0] as { name?: { value: string } }).name?.value).toBe(name);
    });
  }

  it('the validation catches a field Saleor does not have', () => {
    const ast = parse(SALEOR_QUERIES.ProductBySlug.replace('slug\n', 'slug\n    colour\n'));
    expect(validate(schema, ast).map((e) => e.message).join()).toMatch(/Cannot query field "colour" on type "Product"/);
  });
});
