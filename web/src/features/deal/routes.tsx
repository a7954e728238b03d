// Deals and business processes (spec 000 §2 Deals): the pages the route
// table opens for this area. The list addresses name a program group (-1
// all, -2 bpm, -3 deals, or a group id), a program and a saved filter in
// three shapes.
import { useParams } from 'react-router';
import DealCardPage from './DealCardPage';
import DealListPage from './DealListPage';
import ProcessEditorPage, { NewProcessPage } from './ProcessEditorPage';
import { dealGroupFilter, dealProgramFilter, savedFilter } from '../../app/mapping/filters';

/**
 * /deals/list/{programGroupId}, /deals/list/{programId}/{filterId},
 * /deals/list/{programGroupId}/{programId}/{filterId}: a saved filter wins,
 * as it holds its own program; else the program, else the group.
 */
export function DealListRoute() {
  const { a, b, c } = useParams();
  const [groupId, programId, filterId] = c !== undefined ? [a, b, c] : b !== undefined ? [undefined, a, b] : [a, undefined, undefined];
  const filter = savedFilter('TradeFilter', filterId) ?? (programId ? dealProgramFilter(programId) : dealGroupFilter(groupId));
  return <DealListPage programId={programId} groupId={groupId} filter={filter} />;
}

/** /bp/{slug}/list[/{filterId}]: the deals of one business process, as a list or a kanban. */
export function ProcessListRoute() {
  const { slug, filterId } = useParams();
  return <DealListPage programId={slug} filter={savedFilter('TradeFilter', filterId) ?? dealProgramFilter(slug)} />;
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
