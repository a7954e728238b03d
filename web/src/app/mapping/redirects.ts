// Redirects of spec 000 §2: old and short addresses that lead to the
// canonical route. Pure functions of the address, so each rule is tested.

import { PROGRAM_ALL } from './filters';

const FILTER_ID = /^[\w-]+$/;

/**
 * taskRedirect: /task goes to /task/filter/{filterId}, the id taken from
 * the hash (#5, #filter=5, #filter/5), the path (/task/5) or the query
 * (?filterId=5, ?filter=5), in that order.
 */
export function taskRedirect(pathname: string, search: string, hash: string): string {
  return withFilter('/task/filter', filterIdFrom(pathname, search, hash, 'task'));
}

function filterIdFrom(pathname: string, search: string, hash: string, root: string): string | undefined {
  const h = hash.replace(/^#\/?/, '');
  const fromHash = /^(?:filter(?:Id)?[=/])?([\w-]+)\/?$/.exec(h)?.[1];
  if (fromHash) return fromHash;
  const rest = pathname.replace(new RegExp(`^/${root}/?`), '').replace(/\/$/, '');
  if (rest && FILTER_ID.test(rest)) return rest;
  const q = new URLSearchParams(search);
  const fromQuery = q.get('filterId') ?? q.get('filter');
  return fromQuery && FILTER_ID.test(fromQuery) ? fromQuery : undefined;
}

function withFilter(base: string, id: string | undefined): string {
  return id ? `${base}/${id}` : base;
}

/**
 * legacyDealsRedirect: the old /deals/list?program=..&filter=.. goes to the
 * program/filter form /deals/list/{programId}/{filterId}; no program means
 * all programs (-1).
 */
export function legacyDealsRedirect(search: string): string {
  const q = new URLSearchParams(search);
  const program = q.get('program') ?? q.get('programId') ?? PROGRAM_ALL;
  const filter = q.get('filter') ?? q.get('filterId');
  const safeProgram = /^-?\d+$/.test(program) ? program : PROGRAM_ALL;
  return filter && FILTER_ID.test(filter) ? `/deals/list/${safeProgram}/${filter}` : `/deals/list/${safeProgram}`;
}

/** topicsRedirect: /topics and /topics/{id}/card open the chat of discussions. */
export function topicsRedirect(id?: string): string {
  return id ? `/discuss/chat/${encodeURIComponent(id)}/` : '/discuss/chat/';
}

/** mailRedirect: an old mail message card opens in discussions. */
export function mailRedirect(id: string): string {
  return `/discuss/mail/${encodeURIComponent(id)}/`;
}

/** Old messenger settings pages that now live under the messenger integrations. */
export const MESSENGER_SETTINGS = '/settings/integrations/messenger';
