// The client list's columns: the name and kind always, the others chosen
// by the user and remembered per user (userSetting crm_list_columns, so
// they follow the user to another browser). Figure columns ask the server
// for their fields only when shown (docs/crm.md "Deal and invoice
// figures"); a reader without the right gets no such field and an empty
// cell.
import { api } from '../../data/api';

export const OPTIONAL_COLUMNS = ['type', 'status', 'phone', 'email', 'position', 'company', 'deals', 'invoices', 'receivable', 'balance'] as const;
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

/** readColumns keeps the known columns of a stored value, in the list's order; the default for anything else. */
export function readColumns(value: unknown): ColumnKey[] {
  if (!Array.isArray(value)) return DEFAULT_COLUMNS;
  return OPTIONAL_COLUMNS.filter((c) => value.includes(c));
}

const SETTING = 'crm_list_columns';

export async function loadColumns(): Promise<ColumnKey[]> {
  const r = await api.get<{ value?: unknown }[] | { value?: unknown }>(`userSetting/${SETTING}`);
  const item = Array.isArray(r.data) ? r.data[0] : r.data;
  return readColumns(item?.value ?? null);
}

export async function saveColumns(columns: ColumnKey[]): Promise<void> {
  await api.post('userSetting', { id: SETTING, value: columns });
}
