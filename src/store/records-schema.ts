// bot.yaml `records:`: the tables a bot's turns write (a CRM's leads and tasks), declared instead of migrated.
// Every table has `id` (text, the key) and `created_at` (newest first); `scope` columns (text) hold whose rows
// they are (a workspace), and every read of the turn filters by them.
import { z } from 'zod';

const sqlName = z.string().regex(/^[a-z][a-z0-9_]*$/, 'a snake_case name');
const columnType = z.enum(['text', 'number', 'date', 'boolean']);

const columnSchema = z.union([
  columnType,
  z.strictObject({
    type: columnType,
    /** A value is required (NOT NULL). */
    required: z.boolean().default(false),
    /** The value of a row written without one. */
    default: z.union([z.string(), z.number(), z.boolean()]).optional(),
    /** Another record table whose row's id this column holds. */
    references: sqlName.optional(),
    /** What deleting that row does here (default: refused while rows point at it). */
    onDelete: z.enum(['cascade', 'set null']).optional(),
  }),
]);

const recordTableSchema = z
  .strictObject({
    /** Columns (text, required) holding whose rows they are; a turn reads and writes only its scope's rows. */
    scope: z.array(sqlName).default([]),
    /** The columns besides `id`, `created_at` and the scope: a type, or `{ type, required, default, references, onDelete }`. */
    columns: z.record(sqlName, columnSchema),
    /** Indexes, each a list of columns (`[workspace, created_at]`). */
    indexes: z.array(z.array(sqlName).min(1)).default([]),
    /** Column lists no two rows may share (`[session_id, date, time]`: one booking per class and conversation). */
    unique: z.array(z.array(sqlName).min(1)).default([]),
  })
  .refine((t) => !['id', 'created_at', ...t.scope].some((c) => c in t.columns), '`id`, `created_at` and the scope columns are declared by the table itself');

export const recordsSchema = z.record(sqlName, recordTableSchema).default({});

export type RecordTableConfig = z.infer<typeof recordTableSchema>;
export type RecordColumnConfig = z.infer<typeof columnSchema>;
