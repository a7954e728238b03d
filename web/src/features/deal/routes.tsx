// Deals and business processes (spec 000 §2 Deals): the pages the route
// table opens for this area. The list addresses name a program group (-1
// all, -2 bpm, -3 deals, or a group id), a program and a saved filter in
// three shapes.
import { useParams } from 'react-router';
import { List } from '../../app/areas/generic';
import { useSession } from '../../app/session';
import DealCardPage from './DealCardPage';
import DealListPage from './DealListPage';
import ProcessEditorPage, { NewProcessPage } from './ProcessEditorPage';
import { dealGroupFilter, dealProgramFilter, savedFilter } from '../../app/mapping/filters';

/** NEW_LIST is the feature (user action feature_new_trade_list) that offers the new deal list (spec 000 §2). */
export const NEW_LIST = 'bums.trade_list_component';

/**
 * /deals/list/{programGroupId}, /deals/list/{programId}/{filterId},
 * /deals/list/{programGroupId}/{programId}/{filterId}: a saved filter wins,
 * as it holds its own program; else the program, else the group. Who has
 * the new deal list switched off gets the classic one: the plain list of
 * deals with the same filter.
 */
export function DealListRoute() {
  const { a, b, c } = useParams();
  const session = useSession();
  const [groupId, programId, filterId] = c !== undefined ? [a, b, c] : b !== undefined ? [undefined, a, b] : [a, undefined, undefined];
  const filter = savedFilter('TradeFilter', filterId) ?? (programId ? dealProgramFilter(programId) : dealGroupFilter(groupId));
  if (!session.isFeatureOn(NEW_LIST)) return <List contentType="Deal" filter={filter} />;
  return <DealListPage programId={programId} groupId={groupId} filter={filter} />;
}

/** /bp/{slug}/list[/{filterId}]: the deals of one business process, as a list or a kanban. */
export function ProcessListRoute() {
  const { slug, filterId } = useParams();
  const session = useSession();
  const filter = savedFilter('TradeFilter', filterId) ?? dealProgramFilter(slug);
  if (!session.isFeatureOn(NEW_LIST)) return <List contentType="Deal" filter={filter} />;
  return <DealListPage programId={slug} filter={filter} />;
}

/** /deals/{dealId}/card, /bp/{slug}/card/{dealId}: the deal card. */
export function DealCardRoute() {
  const { dealId } = useParams();
  return dealId ? <DealCardPage key={dealId} id={dealId} /> : null;
}

/** /bp/{slug}/settings: the process editor (states, transitions, triggers). */
export function ProcessEditorRoute() {
  const { slug } = useParams();
  return <ProcessEditorPage key={slug} />;
}

/** /bp/new: name a new process, then edit it. */
export function NewProcessRoute() {
  return <NewProcessPage />;
}
