// Importing clients (docs/crm.md "Import"): an uploaded CSV or XLSX file
// becomes a ContractorImport session; its columns are mapped to client
// fields, then the server's job saves the rows and reports.
import { api } from '../../data/api';
import { uploadFile } from '../files/api';

export const IMPORT_FIELDS = ['name', 'lastName', 'firstName', 'middleName', 'company', 'position', 'phone', 'email', 'site',
  'address', 'tags', 'description', 'responsible', 'type', 'status'] as const;

/** The columns making the client's requisites (a Payer of the client). */
export const PAYER_FIELDS = ['payerName', 'inn', 'kpp', 'ogrn', 'bank', 'bik', 'correspondentAccount', 'currentAccount',
  'legalAddress', 'payerType', 'payerCountry'] as const;

export interface ExtraField {
  name: string;
  hrName: string;
}

/** extraFields are the client type's extra fields, which columns may fill too. */
export async function extraFields(clientType: 'human' | 'company'): Promise<ExtraField[]> {
  const endpoint = clientType === 'company' ? 'contractorCompany' : 'contractorHuman';
  return (await api.get<ExtraField[]>(`${endpoint}/extraFields`, undefined, { batch: false })).data;
}

export type Duplicates = 'skip' | 'update' | 'create';

export interface ImportColumn {
  index: number;
  hrName: string;
  fieldName: string;
}

export interface ImportSession {
  id: string;
  status: 'parsed' | 'saving' | 'saved' | 'error';
  clientType: 'human' | 'company';
  duplicates: Duplicates;
  columns: ImportColumn[];
  rowsCount: number;
  loadingProgress: number;
  createdCount: number;
  updatedCount: number;
  skippedCount: number;
  errorRowsCount: number;
}

export interface ImportRow {
  index: number;
  cells: { columnIndex: number; hrValue: string }[];
  errorMessage?: string;
}

/** startSession uploads the file and reads it into a session (422 when it is no table). */
export async function startSession(file: File, clientType: 'human' | 'company'): Promise<ImportSession> {
  const link = await uploadFile(file);
  return (await api.post<ImportSession>('contractorImport', { file: link, clientType })).data;
}

export async function previewRows(id: string): Promise<ImportRow[]> {
  return (await api.get<ImportRow[]>(`contractorImport/${id}/rows`, undefined, { batch: false })).data;
}

/** run saves the mapping and the duplicates mode and starts the job. */
export async function run(s: ImportSession, columns: ImportColumn[], duplicates: Duplicates): Promise<ImportSession> {
  const body = { columns: columns.map((c) => ({ index: c.index, fieldName: c.fieldName })), duplicates, status: 'saving' };
  return (await api.post<ImportSession>(`contractorImport/${s.id}`, body)).data;
}

export async function session(id: string): Promise<ImportSession> {
  return (await api.get<ImportSession>(`contractorImport/${id}`, undefined, { batch: false })).data;
}

export async function errorRows(id: string): Promise<ImportRow[]> {
  return (await api.get<ImportRow[]>(`contractorImport/${id}/errorRows`, { limit: 200 }, { batch: false })).data;
}
