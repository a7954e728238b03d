// Lead forms (spec 000: /settings/integrations/customLeadForm/list and
// /settings/integrations/customLeadForm/{id?}).
import { useParams } from 'react-router';
import LeadFormEditor from './LeadFormEditor';
import LeadFormsPage from './LeadFormsPage';

export function LeadFormListRoute() {
  return <LeadFormsPage />;
}

export function LeadFormRoute() {
  const { id } = useParams();
  return <LeadFormEditor key={id ?? 'new'} id={id ?? null} />;
}
