// Invoices (spec 000 §2 Other: /invoices with ?status=1..4 or overdue):
// the pages the route table opens for this area. The card and the new
// invoice's addresses are the app's own.
import { useLocation, useParams } from 'react-router';
import { invoiceFilterId } from '../../app/mapping/queryFilters';
import FinancePage from './FinancePage';
import InvoiceCardPage from './InvoiceCardPage';
import InvoiceListPage from './InvoiceListPage';

/** /invoices[?status=…]: the list of one status filter. */
export function InvoiceListRoute() {
  const id = invoiceFilterId(useLocation().search);
  return <InvoiceListPage key={id ?? 'all'} filterId={id} />;
}

/** /invoices/{id}/card: an invoice. */
export function InvoiceCardRoute() {
  const { id } = useParams();
  return id ? <InvoiceCardPage key={id} id={id} /> : null;
}

/**
 * /invoices/new[?deal={dealId}|?client={ContractorCompany|ContractorHuman}:{id}]:
 * a new invoice, billing the deal when one is named, or to the client's payer.
 */
export function InvoiceNewRoute() {
  const q = new URLSearchParams(useLocation().search);
  const deal = q.get('deal') ?? '';
  const client = /^(ContractorCompany|ContractorHuman):(\d+)$/.exec(q.get('client') ?? '');
  const clientLink = client ? { contentType: client[1], id: client[2] } : undefined;
  return <InvoiceCardPage key={deal || (q.get('client') ?? 'new')} dealId={/^\d+$/.test(deal) ? deal : undefined} client={clientLink} />;
}

/** /finance: accounts with balances and the operations journal. */
export function FinanceRoute() {
  return <FinancePage />;
}
