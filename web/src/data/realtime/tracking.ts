// What this tab has loaded, found without the screens having to say so:
//  - every content type the entity store has received from the server
//    stays subscribed by type for the life of the page: a list on screen
//    may go minutes without a fetch, and the data layer does not tell
//    which lists have readers, so forgetting a type could silently stop a
//    visible list's updates;
//  - the card the address shows (cardPath of any catalogue type) is
//    subscribed by entity, and its type too; so is the list the address
//    shows (listPath), even while it is empty.
// Screens that show lists or cards elsewhere (drawers, widgets) hold their
// routes through useLiveList / useLiveEntity.
import { cardPath, listPath } from '../../app/paths';
import { loadCatalog } from '../catalog';
import { getSlot, onChange } from '../entities';
import { isTempId } from '../types';
import { entityRoutes, typeRoutes, type RouteRegistry } from './registry';

interface Matcher {
  contentType: string;
  path: RegExp;
  query: [string, string][];
}

const ID = '__id__';
const GENERIC_CARD = /^\/entity\/([A-Z][A-Za-z0-9]*)\/([^/]+)\/card\/?$/;
const GENERIC_LIST = /^\/entity\/([A-Z][A-Za-z0-9]*)\/?$/;

function escape(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function cardMatcher(contentType: string): Matcher {
  const [path, query = ''] = cardPath({ contentType, id: ID }).split('?');
  const source = escape(path).replace(escape(ID), '([^/]+)');
  return { contentType, path: new RegExp(`^${source}/?$`), query: [...new URLSearchParams(query)] };
}

/** pageOf reads the open card and the shown list from an address. */
export function pageOf(
  pathname: string,
  search: string,
  cards: Matcher[],
  lists: Map<string, string>,
): { card?: { contentType: string; id: string }; list?: string } {
  const params = new URLSearchParams(search);
  for (const m of cards) {
    const hit = m.path.exec(pathname);
    if (hit && m.query.every(([k, v]) => params.get(k) === v)) return { card: { contentType: m.contentType, id: hit[1] } };
  }
  const generic = GENERIC_CARD.exec(pathname);
  if (generic) return { card: { contentType: generic[1], id: generic[2] } };
  const list = lists.get(pathname.replace(/\/$/, '')) ?? GENERIC_LIST.exec(pathname)?.[1];
  return list ? { list } : {};
}

export class AutoTracker {
  private readonly types = new Set<string>();
  private cards: Matcher[] = [];
  private lists = new Map<string, string>();
  private page: ReturnType<typeof pageOf> = {};
  private location = { pathname: '/', search: '' };

  constructor(private readonly registry: RouteRegistry) {}

  /** start watches the store and learns the catalogue's addresses; it answers the stop function. */
  start(): () => void {
    let live = true;
    loadCatalog().then(
      (catalog) => live && this.learn(catalog.types.map((t) => t.name)),
      () => {},
    );
    const off = onChange((key) => this.seen(key));
    return () => {
      live = false;
      off();
    };
  }

  /** learn takes the catalogue's type names, so area addresses (/task/5/card) are understood. */
  learn(names: string[]) {
    // A type whose card address carries a query (?type=...) is more specific: try it first.
    this.cards = names.map(cardMatcher).sort((a, b) => b.query.length - a.query.length);
    this.lists = new Map(names.map((n) => [listPath(n), n]));
    this.setLocation(this.location.pathname, this.location.search);
  }

  setLocation(pathname: string, search: string) {
    this.location = { pathname, search };
    this.page = pageOf(pathname, search, this.cards, this.lists);
    this.publish();
  }

  private seen(key: string) {
    const contentType = key.slice(0, key.indexOf(':'));
    if (this.types.has(contentType)) return;
    const slot = getSlot(key);
    if (!slot.server || isTempId(slot.server.id)) return;
    this.types.add(contentType);
    this.publish();
  }

  private publish() {
    const routes = new Set<string>();
    const types = new Set(this.types);
    const { card, list } = this.page;
    if (card) {
      types.add(card.contentType);
      entityRoutes(card.contentType, card.id).forEach((r) => routes.add(r));
    }
    if (list) types.add(list);
    types.forEach((t) => typeRoutes(t).forEach((r) => routes.add(r)));
    this.registry.setAuto(routes);
  }
}
