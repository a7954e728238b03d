// The filter panel of the task screen (GET /api/v3/taskFilter): the
// built-in filters with their live counts, then the reader's saved ones,
// the chosen one named in the address, /task/filter/{filterId}.
import type { Link } from '../../data/types';

export interface TaskFilter {
  contentType: string;
  id: string;
  title?: string | null;
  count?: number | null;
  isSystem?: boolean;
}

export interface PanelItem {
  id: string;
  title: string;
  count: number | undefined;
  path: string;
  selected: boolean;
}

/** The route's own filter id for templates (/task/templates leads here). */
export const TEMPLATES = 'templates';
/** No filter in the address shows all work, as the built-in "any" does. */
export const DEFAULT_FILTER = 'any';

/** filterPath is the screen's address for a filter, with an item opened beside the list. */
export function filterPath(filterId: string | undefined, open?: Link): string {
  const base = `/task/filter/${encodeURIComponent(filterId ?? DEFAULT_FILTER)}`;
  if (!open) return filterId ? base : '/task/filter';
  return `${base}/${open.contentType === 'Project' ? 'project' : 'task'}/${encodeURIComponent(open.id)}`;
}

/** openedType reads the {contentType} segment of the address. */
export function openedType(segment: string | undefined): 'Task' | 'Project' {
  return segment?.toLowerCase() === 'project' ? 'Project' : 'Task';
}

const isTemplate = (value: boolean) => ({
  contentType: 'FilterConfig',
  termGroup: { join: 'and', terms: [{ contentType: 'FilterTermBool', field: 'isTemplate', comparison: 'equals', value }] },
});

/**
 * listFilter is what the lists ask the server with: templates and all work
 * ("any") as terms, which the list's search and filter builder can join;
 * the other filters by link, which the server applies (a link cannot be
 * nested in a term group, so with one of them the filter wins alone).
 */
export function listFilter(filterId: string | undefined): unknown {
  if (filterId === TEMPLATES) return isTemplate(true);
  if (!filterId || filterId === DEFAULT_FILTER) return isTemplate(false);
  return { contentType: 'TaskFilter', id: filterId };
}

function item(f: TaskFilter, selected: string, fallbackTitle: string): PanelItem {
  return {
    id: f.id,
    title: f.title?.trim() || fallbackTitle,
    count: typeof f.count === 'number' ? f.count : undefined,
    path: filterPath(f.id),
    selected: f.id === selected,
  };
}

/**
 * panelModel splits the server's filters into built-in and saved ones, in
 * the server's order, and marks the chosen one (no choice is "any").
 * untitled names a saved filter without a title.
 */
export function panelModel(filters: TaskFilter[], filterId: string | undefined, untitled: (id: string) => string) {
  const selected = filterId || DEFAULT_FILTER;
  const builtIn = filters.filter((f) => f.isSystem).map((f) => item(f, selected, f.id));
  const saved = filters.filter((f) => !f.isSystem).map((f) => item(f, selected, untitled(f.id)));
  const title = [...builtIn, ...saved].find((i) => i.selected)?.title;
  return { builtIn, saved, title };
}

/** PanelModel is what the filter panel shows. */
export type PanelModel = ReturnType<typeof panelModel>;
