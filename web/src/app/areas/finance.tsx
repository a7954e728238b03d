// Invoices and reports of the old menu routes with their query filters
// (spec 000 §2 Other).
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { invoiceFilter, invoiceFilterId, reportFilterId, type InvoiceFilterId, type ReportFilterId } from '../mapping/queryFilters';
import { List } from './generic';

export function InvoiceListRoute() {
  const { t } = useTranslation();
  const id = invoiceFilterId(useLocation().search);
  const titles: Record<InvoiceFilterId, string> = {
    draft: t('shell.invoices.draft'),
    drawn: t('shell.invoices.drawn'),
    paid: t('shell.invoices.paid'),
    rejected: t('shell.invoices.rejected'),
    overdue: t('shell.invoices.overdue'),
  };
  return <List contentType="Invoice" filter={invoiceFilter(id, new Date())} title={id ? titles[id] : undefined} />;
}

/** Reports have no kind field yet, so every filter id lists all reports under its own title. */
export function ReportListRoute() {
  const { t } = useTranslation();
  const id = reportFilterId(useLocation().search);
  const titles: Record<ReportFilterId, string | undefined> = {
    salesDepartment: t('shell.reports.salesDepartment'),
    salesFunnel: t('shell.reports.salesFunnel'),
    all: undefined,
  };
  return <List contentType="Report" title={titles[id]} />;
}
