// The console's shared pieces: every tab draws its panels, tables, notes and save status with these.
export { Card, EmptyNote, ErrorNote, SaveStatus, type CardProps } from './Card.tsx';
export { DataTable, type Column, type DataTableProps, type RowAttributes } from './DataTable.tsx';
export { errorText, useSaveStatus, type SaveState, type SaveStatusControl } from './useSaveStatus.ts';
export { useRead } from './useRead.ts';
