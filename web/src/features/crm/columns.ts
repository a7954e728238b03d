// The client list's columns: the name and kind always, the others chosen
// and put in order by the user, and the list's order, remembered per user
// (userSettings crm_list_columns and crm_list_sort, so they follow the
// user to another browser). Figure columns ask the server
// for their fields only when shown (docs/crm.md "Deal and invoice
// figures"); a reader without the right gets no such field and an empty
// cell.
import { api } from '../../data/api';

export const OPTIONAL_COLUMNS = ['type', 'status', 'phone', 'email', 'position', 'company', 'nextContact', 'lastContact', 'lastDeal',
  'deals', 'invoices', 'receivable', 'balance'] as const;
export type ColumnKey = (typeof OPTIONAL_COLUMNS)[number];

export const DEFAULT_COLUMNS: ColumnKey[] = ['status', 'phone', 'email', 'position'];

/** The fields each column needs from the list. */
const COLUMN_FIELDS: Record<ColumnKey, string[]> = {
  type: ['type'],
  status: ['status'],
  phone: ['contactInfo'],
  email: ['contactInfo'],
  position: ['position'],
  company: ['company'],
  nextContact: ['nextCommunicationDate', 'nextCommunication', 'countOverdueCommunications'],
  lastContact: ['lastCommunicationDate', 'countCommunications'],
  lastDeal: ['lastDealDate'],
  deals: ['countDeals', 'summDeals'],
  invoices: ['countInvoice', 'summInvoice'],
  receivable: ['summAccountReceivable'],
  balance: ['balance'],
};

const BASE_FIELDS = ['name', 'firstName', 'lastName', 'middleName', 'isDropped'];

/** listFields is what the list asks for with these columns. */
export function listFields(columns: ColumnKey[]): string[] {
  const out = new Set(BASE_FIELDS);
  for (const c of columns) for (const f of COLUMN_FIELDS[c]) out.add(f);
  return [...out];
}

/** readColumns keeps the known columns of a stored value, in the user's order, each once; the default for anything else. */
export function readColumns(value: unknown): ColumnKey[] {
  if (!Array.isArray(value)) return DEFAULT_COLUMNS;
  const known = value.filter((c): c is ColumnKey => (OPTIONAL_COLUMNS as readonly unknown[]).includes(c));
  return known.filter((c, i) => known.indexOf(c) === i);
}

/** toggleColumn shows a column (last) or hides it. */
export function toggleColumn(columns: ColumnKey[], c: ColumnKey, on: boolean): ColumnKey[] {
  const rest = columns.filter((x) => x !== c);
  return on ? [...rest, c] : rest;
}

/** moveColumn moves a shown column one place left (-1) or right (+1); at an end it stays. */
export function moveColumn(columns: ColumnKey[], c: ColumnKey, by: -1 | 1): ColumnKey[] {
  const i = columns.indexOf(c);
  const j = i + by;
  if (i < 0 || j < 0 || j >= columns.length) return columns;
  const out = [...columns];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}

/**
 * The orders the client list offers: by when a client was added or last
 * changed, by name, by the next and the last contact and the last deal
 * (fields people and companies share; clients without one come last),
 * each read from an index laid out so (internal/catalog rules.go).
 */
export const SORTS = ['timeCreated:desc', 'timeCreated:asc', 'timeUpdated:desc', 'timeUpdated:asc', 'name:asc',
  'nextCommunicationDate:asc', 'lastCommunicationDate:desc', 'lastDealDate:desc'] as const;
export type SortKey = (typeof SORTS)[number];

/** sortBy is a sort as the list asks for it. */
export function sortBy(key: SortKey): { fieldName: string; desc: boolean }[] {
  const [fieldName, dir] = key.split(':');
  return [{ fieldName, desc: dir === 'desc' }];
}

/** readSort is a stored sort when it is one of SORTS, else the newest first. */
export function readSort(value: unknown): SortKey {
  return (SORTS as readonly unknown[]).includes(value) ? (value as SortKey) : 'timeCreated:desc';
}

/** The user settings the list's choices are kept in. */
export const COLUMNS_SETTING = 'crm_list_columns';
export const SORT_SETTING = 'crm_list_sort';

export async function loadSetting(name: string): Promise<unknown> {
  const r = await api.get<{ value?: unknown }[] | { value?: unknown }>(`userSetting/${name}`);
  const item = Array.isArray(r.data) ? r.data[0] : r.data;
  return item?.value ?? null;
}

export async function saveSetting(name: string, value: unknown): Promise<void> {
  await api.post('userSetting', { id: name, value });
}
