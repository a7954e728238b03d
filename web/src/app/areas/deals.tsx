// Deals and business processes (spec 000 §2 Deals). The list addresses
// name a program group (-1 all, -2 bpm, -3 deals, or a group id), a
// program and a saved filter in three shapes.
import { useParams } from 'react-router';
import { dealGroupFilter, dealProgramFilter, savedFilter } from '../mapping/filters';
import { List } from './generic';

/**
 * /deals/list/{programGroupId}, /deals/list/{programId}/{filterId},
 * /deals/list/{programGroupId}/{programId}/{filterId}: a saved filter wins,
 * as it holds its own program; else the program, else the group.
 */
export function DealListRoute() {
  const { a, b, c } = useParams();
  const [groupId, programId, filterId] = c !== undefined ? [a, b, c] : b !== undefined ? [undefined, a, b] : [a, undefined, undefined];
  const filter = savedFilter('TradeFilter', filterId) ?? (programId ? dealProgramFilter(programId) : dealGroupFilter(groupId));
  return <List contentType="Deal" filter={filter} />;
}

/** /bp/{slug}/list[/{filterId}]: the deals of one business process. */
export function ProcessListRoute() {
  const { slug, filterId } = useParams();
  return <List contentType="Deal" filter={savedFilter('TradeFilter', filterId) ?? dealProgramFilter(slug)} />;
}
