// The offer import sessions (docs/stock.md, "Import sessions"): a file
// becomes a session whose columns are mapped onto offer fields, whose
// rows are checked, left out or kept, and which a run writes.
import { api } from '../../data/api';
import { sendForm } from '../../data/transport';
import type { Link } from '../../data/types';

export interface ImportColumn {
  id: string;
  index: number;
  hrName: string;
  fieldName: string;
}

export interface ImportCell {
  hrValue: string;
  columnIndex: number;
  validationCode: 'ok' | 'ignore' | 'error' | 'column_unselected';
  validationError?: string;
}

export interface ImportRow {
  id: string;
  index: number;
  included: boolean;
  status: 'ok' | 'error';
  errorMessage?: string;
  cells: ImportCell[];
}

export interface OfferImport {
  id: string;
  status: 'parsed' | 'validated' | 'saving' | 'saved' | 'error';
  error?: string;
  fileName?: string;
  columns: ImportColumn[];
  rowsCount: number;
  validRowsCount: number;
  errorRowsCount: number;
  savedRowsCount: number;
  updatedRowsCount: number;
  includeAllRows: boolean;
  isPriceWithoutTax: boolean;
  warehouse: Link | null;
  consignment?: Link;
}

/** The offer fields a column may fill, in the order the picker shows them. */
export const IMPORT_FIELDS = ['name', 'article', 'type', 'price', 'currency', 'tax', 'unit', 'description', 'quantity'] as const;

/** openImport uploads a CSV or XLSX file into a new session. */
export async function openImport(file: File): Promise<OfferImport> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await sendForm<OfferImport>('offerImport', form)).data;
}

export async function readImport(id: string): Promise<OfferImport> {
  return (await api.get<OfferImport>(`offerImport/${id}`)).data;
}

/** mapColumn sets what a column fills ("" for nothing). */
export async function mapColumn(columnId: string, fieldName: string): Promise<void> {
  await api.post(`importColumn/${columnId}`, { contentType: 'ImportColumn', fieldName });
}

/** setImport changes a session's settings (warehouse, prices before VAT, all rows). */
export async function setImport(id: string, body: Partial<Pick<OfferImport, 'warehouse' | 'isPriceWithoutTax' | 'includeAllRows'>>): Promise<OfferImport> {
  return (await api.post<OfferImport>(`offerImport/${id}`, { contentType: 'OfferImport', ...body })).data;
}

/** importRows are a session's first rows, or those that will not be loaded. */
export async function importRows(id: string, which: 'rows' | 'errorRows', limit: number): Promise<ImportRow[]> {
  return (await api.get<ImportRow[]>(`offerImport/${id}/${which}`, { limit })).data ?? [];
}

/** includeRow keeps a row in the run or leaves it out. */
export async function includeRow(rowId: string, included: boolean): Promise<void> {
  await api.post(`importRow/${rowId}`, { contentType: 'ImportRow', included });
}

/** correctCell replaces one cell's text of a row; the row is checked again. */
export async function correctCell(rowId: string, columnIndex: number, hrValue: string): Promise<ImportRow> {
  return (await api.post<ImportRow>(`importRow/${rowId}`, { contentType: 'ImportRow', cells: [{ contentType: 'ImportCell', columnIndex, hrValue }] })).data;
}

/** runImport writes the session's offers (and its income of stock). */
export async function runImport(id: string): Promise<OfferImport> {
  return (await api.post<OfferImport>(`offerImport/${id}`, { contentType: 'OfferImport', status: 'saving' })).data;
}
