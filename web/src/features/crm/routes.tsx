// Clients (spec 000 §2 Clients): the pages the route table
// (app/routes/areaRoutes.tsx) opens for this area. A card's ?type= names
// the client's type; without it /contractor/{id} tells (people and
// companies share one id space, docs/crm.md).
import { useParams, useSearchParams } from 'react-router';
import ClientAddPage from './ClientAddPage';
import ClientCardPage from './ClientCardPage';
import ClientListPage from './ClientListPage';
import ClientListsSettings from './ClientListsSettings';
import { COMPANY, HUMAN } from './contacts';

/** typeParam reads ?type= (a type name, or "company" / "human"); undefined when absent. */
export function typeParam(type: string | null): string | undefined {
  const v = type?.toLowerCase();
  if (v === COMPANY.toLowerCase() || v === 'company') return COMPANY;
  if (v === HUMAN.toLowerCase() || v === 'human') return HUMAN;
  return undefined;
}

/** /crm/filter/{filterId?}: the client list (dropped ones at /crm/filter/dropped). */
export function ClientListRoute() {
  return <ClientListPage />;
}

/** /crm/{id}/card. */
export function ClientCardRoute() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const type = typeParam(params.get('type'));
  return id ? <ClientCardPage key={`${type}:${id}`} id={id} contentType={type} /> : null;
}

/** .../crm/add: a new person or company. */
export function ClientAddRoute() {
  return <ClientAddPage />;
}

/** /settings/crm/lists: the client types and statuses. */
export function ClientListsSettingsRoute() {
  return <ClientListsSettings />;
}
