// Query filters of old addresses mapped to filter ids (spec 000 §2 Other),
// and the ids to list filters.
import { allOf, dateCompare, enumIn, refWhere, textHas, type FilterConfig, type FilterTerm } from './filters';

export type InvoiceFilterId = 'draft' | 'drawn' | 'paid' | 'rejected' | 'overdue';
const invoiceStatusIds: Record<string, InvoiceFilterId> = { '1': 'draft', '2': 'drawn', '3': 'paid', '4': 'rejected' };
const invoiceStatusValues: Record<Exclude<InvoiceFilterId, 'overdue'>, string> = {
  draft: 'created',
  drawn: 'drawn',
  paid: 'paid',
  rejected: 'rejected',
};

/** invoiceFilterId: ?status=1..4 or ?status=overdue / ?overdue=1. */
export function invoiceFilterId(search: string): InvoiceFilterId | undefined {
  const q = new URLSearchParams(search);
  const status = q.get('status') ?? '';
  if (status === 'overdue' || ['1', 'true'].includes(q.get('overdue') ?? '')) return 'overdue';
  return invoiceStatusIds[status];
}

/** invoiceFilter: overdue is unpaid (draft or drawn) past its deadline. */
export function invoiceFilter(id: InvoiceFilterId | undefined, today: Date): FilterConfig | undefined {
  if (!id) return undefined;
  if (id === 'overdue') return allOf(enumIn('status', ['created', 'drawn']), dateCompare('deadline', 'less', today));
  return allOf(enumIn('status', [invoiceStatusValues[id]]));
}

export const docTypes = ['text', 'impress', 'pdf', 'table', 'image', 'others'] as const;
export type DocFilterId = (typeof docTypes)[number];

/** docFilterId: ?type=text|impress|pdf|table|image|others. */
export function docFilterId(search: string): DocFilterId | undefined {
  const type = new URLSearchParams(search).get('type');
  return (docTypes as readonly string[]).includes(type ?? '') ? (type as DocFilterId) : undefined;
}

// A document's type is the MIME type of its current version.
const mimeTerms: Record<Exclude<DocFilterId, 'others'>, FilterTerm[]> = {
  text: [textHas('mimeType', 'starts_with', 'text/'), textHas('mimeType', 'contains', 'wordprocessing'), textHas('mimeType', 'contains', 'msword'), textHas('mimeType', 'contains', 'opendocument.text')],
  impress: [textHas('mimeType', 'contains', 'presentation'), textHas('mimeType', 'contains', 'powerpoint')],
  pdf: [textHas('mimeType', 'contains', 'pdf')],
  table: [textHas('mimeType', 'contains', 'spreadsheet'), textHas('mimeType', 'contains', 'excel'), textHas('mimeType', 'contains', 'csv')],
  image: [textHas('mimeType', 'starts_with', 'image/')],
};

export function docFilter(id: DocFilterId | undefined): FilterConfig | undefined {
  if (!id) return undefined;
  if (id === 'others') {
    return allOf(refWhere('actualVersion', 'not_equals', 'or', ...Object.values(mimeTerms).flat()));
  }
  return allOf(refWhere('actualVersion', 'equals', 'or', ...mimeTerms[id]));
}

export const reportFilterIds = ['salesDepartment', 'salesFunnel', 'all'] as const;
export type ReportFilterId = (typeof reportFilterIds)[number];

/** reportFilterId: ?filterId=salesDepartment|salesFunnel|all, all by default. */
export function reportFilterId(search: string): ReportFilterId {
  const id = new URLSearchParams(search).get('filterId');
  return (reportFilterIds as readonly string[]).includes(id ?? '') ? (id as ReportFilterId) : 'all';
}
