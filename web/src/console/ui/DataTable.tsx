// The console's data table: a header row of column titles, one row per item, inside the scrolling wrapper the
// tabs share. Columns say how to draw their cell; rows may carry a class and data-* attributes for styles and tests.
import type { CSSProperties, ReactNode } from 'react';

export interface Column<T> {
  /** The column's title; with `hideHeader` it is read by screen readers only (a column of buttons). */
  header: ReactNode;
  hideHeader?: boolean;
  /** On the header and every cell of the column (`num` aligns numbers). */
  className?: string;
  /** The cell that names its row: drawn as a row header (`<th scope="row">`). */
  rowHeader?: boolean;
  /** A column only for the eye (a bar): hidden from screen readers. */
  decorative?: boolean;
  style?: CSSProperties;
  cell: (row: T, index: number) => ReactNode;
}

/** A row's own attributes: a class and data-* attributes (`data-testid`, `data-source`, …). */
type RowAttributes = { className?: string } & { [attr: `data-${string}`]: string | number | undefined };

export interface DataTableProps<T> {
  /** null while loading: `loading` is drawn, else nothing. */
  rows: readonly T[] | null;
  /** Shown while `rows` is null ("Loading…"); leave it out once the read failed (the error says why). */
  loading?: ReactNode;
  columns: readonly Column<T>[];
  rowKey: (row: T, index: number) => string | number;
  rowAttributes?: (row: T) => RowAttributes;
  /** Shown instead of the table when there are no rows; without it an empty table is drawn. */
  empty?: ReactNode;
  /** A title for screen readers (the table's caption). */
  caption?: ReactNode;
  className?: string;
  testId?: string;
  /** false: the table alone, without the scrolling wrapper and its margins (a table inside another panel). */
  wrap?: boolean;
}

export function DataTable<T>({ rows, columns, rowKey, rowAttributes, loading, empty, caption, className, testId, wrap = true }: DataTableProps<T>) {
  if (rows === null) return loading === undefined ? null : <Loading testId={testId}>{loading}</Loading>;
  if (rows.length === 0 && empty !== undefined) return <p className="empty">{empty}</p>;
  const table = (
    <table className={className} data-testid={testId}>
      {caption !== undefined && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={i} scope="col" className={c.className} aria-hidden={c.decorative || undefined}>
              {c.hideHeader ? <span className="visually-hidden">{c.header}</span> : c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={rowKey(row, r)} {...rowAttributes?.(row)}>
            {columns.map((c, i) => {
              const props = { className: c.className, style: c.style, 'aria-hidden': c.decorative || undefined };
              return c.rowHeader ? (
                <th key={i} {...props} scope="row">
                  {c.cell(row, r)}
                </th>
              ) : (
                <td key={i} {...props}>
                  {c.cell(row, r)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return wrap ? <div className="table-wrap">{table}</div> : table;
}

function Loading({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <p className="empty" role="status" data-testid={testId ? `${testId}-loading` : undefined}>
      {children}
    </p>
  );
}
