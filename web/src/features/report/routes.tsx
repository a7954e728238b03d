// The reports area (spec 000 §2: /report; /newdashboard's widgets).
// ?filterId=all opens the saved reports; salesFunnel and salesDepartment
// the built-in ones.
import { useLocation } from 'react-router';
import { ReportPage } from './ReportPage';

/** /report[?filterId=salesDepartment|salesFunnel|all] */
export function ReportRoute() {
  const filterId = new URLSearchParams(useLocation().search).get('filterId');
  return <ReportPage tab={filterId === 'all' ? 'saved' : 'builtin'} />;
}
