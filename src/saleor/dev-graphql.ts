// The GraphQL half of the dev server: Saleor's SDL built with graphql-js, and one request parsed, validated
// and executed over the demo catalogue. Imported on the dev server's first request (graphql-js is not small).
import { readFileSync } from 'node:fs';
import { buildSchema, execute, GraphQLError, parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { createRoot } from './dev-root.ts';
import type { DevContext } from './dev-view-helpers.ts';
import { defaultSchemaFile } from './paths.ts';

const schemas = new Map<string, GraphQLSchema>();

/** Builds (once per file per process) the executable schema from Saleor's SDL. */
export function loadSaleorSchema(schemaFile: string = defaultSchemaFile()): GraphQLSchema {
  let schema = schemas.get(schemaFile);
  if (!schema) {
    schema = buildSchema(readFileSync(schemaFile, 'utf8'));
    schemas.set(schemaFile, schema);
  }
  return schema;
}

/** One GraphQL request body ({query, variables, operationName}) → HTTP status and response body. */
export async function runQuery(schema: GraphQLSchema, ctx: DevContext, body: { query: string; variables?: unknown; operationName?: unknown }): Promise<{ status: number; body: unknown }> {
  let document: DocumentNode;
  try {
    document = parse(body.query);
  } catch (err) {
    return { status: 400, body: { errors: [formatError(err as GraphQLError)] } };
  }
  const validationErrors = validate(schema, document);
  if (validationErrors.length) return { status: 400, body: { errors: validationErrors.map(formatError) } };
  const result = await execute({
    schema,
    document,
    rootValue: createRoot(ctx),
    contextValue: ctx,
    variableValues: (body.variables as Record<string, unknown> | null) ?? undefined,
    operationName: typeof body.operationName === 'string' ? body.operationName : undefined,
  });
  return { status: 200, body: { data: result.data ?? null, ...(result.errors?.length ? { errors: result.errors.map(formatError) } : {}) } };
}

function formatError(err: GraphQLError) {
  return { message: err.message, ...(err.locations ? { locations: err.locations } : {}), ...(err.path ? { path: err.path } : {}) };
}
