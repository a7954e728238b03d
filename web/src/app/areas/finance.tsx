// Reports of the old menu routes with their query filters (spec 000 §2
// Other). Invoices are features/finance.
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { reportFilterId, type ReportFilterId } from '../mapping/queryFilters';
import { List } from './generic';

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
