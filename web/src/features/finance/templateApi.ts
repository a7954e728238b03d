// Invoice templates (docs/finance.md, "Templates"): the printed form's
// texts, signature lines, left-out blocks, logo and stamp. Administrators
// write them; the PDF of an invoice follows the one it names or the default.
import { api } from '../../data/api';
import type { Link } from '../../data/types';

export const BLOCKS = ['bank', 'payer', 'deadline', 'unit', 'tax', 'totalInWords', 'signatures'] as const;

export interface Signature { title: string; name: string }

export interface InvoiceTemplate {
  id: string;
  name: string;
  header: string;
  conditions: string;
  signatures: Signature[];
  hidden: string[];
  logo: Link[];
  stamp: Link[];
  isDefault: boolean;
}

export type TemplateInput = Omit<InvoiceTemplate, 'id'>;

export async function listTemplates(): Promise<InvoiceTemplate[]> {
  return (await api.get<InvoiceTemplate[]>('invoice/template')).data;
}

export async function saveTemplate(id: string | null, body: TemplateInput): Promise<InvoiceTemplate> {
  return (await api.post<InvoiceTemplate>(id ? `invoice/template/${id}` : 'invoice/template', body)).data;
}

export async function deleteTemplate(id: string): Promise<void> {
  await api.delete(`invoice/template/${id}`);
}

/** templateOf is the template an invoice names, if the account still has it (a deleted one prints as the default). */
export function templateOf(invoiceTemplate: unknown, templates: Pick<InvoiceTemplate, 'id'>[]): string | null {
  const id = (invoiceTemplate as { id?: unknown } | null)?.id;
  return id != null && templates.some((t) => t.id === String(id)) ? String(id) : null;
}
