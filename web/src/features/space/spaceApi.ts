// The workspaces' calls (docs/space.md): the tree of the company's and
// the private section, members, notes and widgets. Screens keep what they
// read in their own state and reload after a write, as order and access
// are the server's.
import { api } from '../../data/api';
import type { Link } from '../../data/types';
import type { Widget } from '../report/reportApi';

export type Section = 'all' | 'private';
export type ElementType = 'Space' | 'Note' | 'Widget';
export type MemberLevel = 'read' | 'edit' | 'share';

export interface ElementRef {
  id: string;
  type: ElementType;
  title: string;
}

export interface SpaceElement extends ElementRef {
  icon: string;
  accessLevel: 'full' | 'write' | 'read';
  path: ElementRef[];
  childrenCount: number;
  inFavorites: boolean;
  section: Section;
  parent: ElementRef | null;
  defaultLayoutType?: string;
  widget?: Pick<Widget, 'contentType' | 'reportId' | 'chartType'>;
}

export interface Member {
  element: ElementRef;
  member: Link;
  accessLevel: MemberLevel;
  isOwner: boolean;
}

export interface Note {
  id: string;
  text: string;
  previewText: string;
}

/** WidgetSource is what a widget shows: a report module's dashboard widget. */
export type WidgetSource = Pick<Widget, 'contentType' | 'reportId'>;

const list = async (path: string, query?: Record<string, unknown>) => (await api.get<SpaceElement[]>(`spaces/${path}`, query)).data ?? [];
const one = async (p: Promise<{ data: SpaceElement }>) => (await p).data;

/**
 * widgetChoice reads the add dialog's choice ("TaskDesktopWidget" or
 * "ReportDesktopWidget:<id>") as a widget's layout and source: a chart
 * for a report or the deals by state, a table for a list.
 */
export function widgetChoice(choice: string): { layoutType: string; source: WidgetSource } {
  const [contentType, reportId] = choice.split(':') as [WidgetSource['contentType'], string?];
  const chart = contentType === 'ReportDesktopWidget' || contentType === 'DealDesktopWidget';
  return { layoutType: chart ? 'BarChart' : 'Table', source: reportId ? { contentType, reportId } : { contentType } };
}

export const canWrite = (e: SpaceElement) => e.accessLevel !== 'read';
export const canShare = (e: SpaceElement) => e.accessLevel === 'full';

export const spaceApi = {
  section: (section: Section | 'favorites') => list(`section/${section}`),
  children: (id: string) => list(`element/${id}/children`),
  search: (q: string) => list('element', { q, limit: 20 }),
  recents: () => list('recents', { limit: 10 }),
  moveTargets: () => list('space/movement'),
  element: (id: string) => one(api.get<SpaceElement>(`spaces/element/${id}`)),
  /** create adds a space or page at a section's root or under an element; it answers the new id. */
  create: async (at: Section | string, type: ElementType, title: string) => {
    const path = at === 'all' || at === 'private' ? `spaces/section/${at}` : `spaces/element/${at}/children`;
    return String((await api.post<{ id: string }>(path, { contentType: 'Element', type, title })).data.id);
  },
  addWidget: async (at: string, title: string, choice: string) =>
    one(api.post<SpaceElement>(`spaces/element/${at}/widget`, { ...widgetChoice(choice), element: { contentType: 'Element', title } })),
  rename: (id: string, title: string) => one(api.patch<SpaceElement>(`spaces/element/${id}`, { contentType: 'Element', title })),
  remove: (id: string) => api.delete(`spaces/element/${id}`),
  trash: () => list('trash'),
  restore: (id: string) => one(api.post<SpaceElement>(`spaces/trash/${id}/restore`)),
  removeForGood: (id: string) => api.post(`spaces/trash/${id}/remove`),
  move: (id: string, to: string) => one(api.post<SpaceElement>(`spaces/element/${id}/move`, { contentType: 'Element', id: to })),
  placeAfter: (id: string, after: string | null) => api.post(`spaces/element/${id}/placeAfter`, { contentType: 'Element', id: after }),
  copy: (id: string) => one(api.post<SpaceElement>(`spaces/element/${id}/clone`, { contentType: 'ElementCloneRequest', copyData: true })),
  favorite: (id: string, on: boolean) => one(api.post<SpaceElement>(`spaces/element/${id}/${on ? 'addToFavorites' : 'removeFromFavorites'}`)),
  members: async (id: string) => (await api.get<Member[]>(`spaces/element/${id}/members`)).data ?? [],
  share: (id: string, member: Link, accessLevel: MemberLevel) =>
    api.post(`spaces/element/${id}/member/add`, [{ contentType: 'AccessSettingsItem', member, accessLevel }]),
  setLevel: (id: string, member: Link, accessLevel: MemberLevel) =>
    api.post(`spaces/element/${id}/member/access`, { contentType: 'AccessSettingsItem', member, accessLevel }),
  unshare: (id: string, member: Link) => api.post(`spaces/element/${id}/member/remove`, { contentType: 'AccessSettingsItem', member }),
  note: async (id: string) => (await api.get<Note>(`spaces/note/${id}`)).data,
  saveNote: async (id: string, text: string) => (await api.post<Note>(`spaces/note/${id}`, { contentType: 'NoteEdition', text })).data,
};
