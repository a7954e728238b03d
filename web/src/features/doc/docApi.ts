// The documents area's calls (docs/doc.md): folders, documents, their
// versions and the rights on them. Screens keep what they read in their
// own state and reload after a write.
import { api } from '../../data/api';
import { HttpError } from '../../data/transport';
import type { Entity, Link } from '../../data/types';

export type Role = 'owner' | 'editor' | 'reader';

export interface Right {
  id?: string;
  subject: Link;
  user: Link;
  rights: Role;
  inherited: boolean;
}

export interface Share {
  id: string;
  url?: string;
  hasPassword: boolean;
  expires: { value: string } | null;
  timeCreated: { value: string };
}

const endpoint = (l: Link) => (l.contentType === 'DocFolder' ? 'docFolder' : 'doc');

const folderLink = (id: string): Link => ({ contentType: 'DocFolder', id });

export const docApi = {
  folders: async () => (await api.get<Entity[]>('docFolder', { limit: 1000 })).data ?? [],
  createFolder: async (name: string, parent?: string) =>
    (await api.post<Entity>('docFolder', { name, parent: parent ? folderLink(parent) : null })).data,
  renameFolder: (id: string, name: string) => api.post(`docFolder/${id}`, { name }),
  dropFolder: (id: string) => api.delete(`docFolder/${id}`),
  docs: async (folder: string | undefined, filter?: unknown) => {
    const query: Record<string, unknown> = { limit: 500, parentFolder: folder ? folderLink(folder) : null };
    if (filter) query.filter = filter;
    return (await api.get<Entity[]>('doc', query)).data ?? [];
  },
  doc: async (id: string) => (await api.get<Entity>(`doc/${id}`)).data,
  /** createDoc without content makes a text document whose first save is version 1. */
  createDoc: async (name: string, folder: string | undefined, content?: Link) =>
    (await api.post<Entity>('doc', { name, folder: folder ? folderLink(folder) : null, ...(content ? { content } : {}) })).data,
  dropDoc: (id: string) => api.delete(`doc/${id}`),
  versions: async (id: string) => (await api.get<Entity[]>(`doc/${id}/versions`)).data ?? [],
  /** actualVersion is null for a text document never saved yet. */
  actualVersion: async (doc: Entity) => {
    const v = doc.actualVersion as Link | null;
    return v ? (await api.get<Entity>(`docVersion/${v.id}`)).data : null;
  },
  byRevision: async (id: string, revision: string) => (await api.get<Entity>(`doc/${id}/versionByRevision/${revision}`)).data,
  /** saveText saves a text made from revision base (0: none yet); a newer save meanwhile is refused. */
  saveText: async (id: string, content: string, base: number) =>
    (await api.post<Entity>(`doc/${id}/newVersion`, { contentType: 'DocVersion', content, revision: base })).data,
  newFile: async (id: string, file: Link) => (await api.post<Entity>(`doc/${id}/newVersion`, file)).data,
  restore: async (id: string, version: string) =>
    (await api.post<Entity>(`doc/${id}/setActualVersion`, { contentType: 'DocVersion', id: version })).data,
  /** rights: every role held on a folder or document, inherited ones too. */
  rights: async (subject: Link) => (await api.get<Right[]>(`${endpoint(subject)}/${subject.id}/inheritedRights`)).data ?? [],
  /** ownRights: the rights given on it itself, with their ids. */
  ownRights: async (subject: Link) => (await api.get<Right[]>(`${endpoint(subject)}/${subject.id}/rights`)).data ?? [],
  revoke: (right: string) => api.delete(`docRights/${right}`),
  grant: (subject: Link, user: Link, rights: Role) => api.post('docRights', { subject, user, rights }),
  shares: async (id: string) => (await api.get<Share[]>(`doc/${id}/shares`)).data ?? [],
  /** share makes a public link; expires is an ISO time or '' for none. */
  share: async (id: string, password: string, expires: string) =>
    (await api.post<Share>(`doc/${id}/shares`, { password, expires: expires ? { contentType: 'DateTime', value: expires } : null })).data,
  unshare: (id: string, share: string) => api.delete(`doc/${id}/shares/${share}`),
};

/** canEdit: the document's possibleActions let the reader write it. */
export const canEdit = (e: Entity | null | undefined) => Array.isArray(e?.possibleActions) && e.possibleActions.includes('act_edit');

/** isText: a version whose content is a text, not a File (no version yet: a text not saved yet). */
export const isText = (v: Entity | null | undefined) => !v || typeof v.content === 'string';

/** isConflict: a save refused because someone saved a newer version meanwhile. */
export const isConflict = (err: unknown) => err instanceof HttpError && err.errors.some((e) => e.type === 'doc_edit_conflict');
