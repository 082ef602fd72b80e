// The console's shared pieces: every tab draws its panels, tables, notes and save status with these.
export { Card, EmptyNote, ErrorNote, SaveStatus } from './Card.tsx';
export { DataTable, type Column } from './DataTable.tsx';
export { errorText, useSaveStatus } from './useSaveStatus.ts';
export { useRead } from './useRead.ts';
