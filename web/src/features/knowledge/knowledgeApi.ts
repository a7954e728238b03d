// The knowledge base's calls (docs/knowledge.md): bases, the article tree,
// versions, the trash and roles. The screens keep what they read in their
// own state and reload after a write, as the tree's order is the server's.
import { api } from '../../data/api';
import type { Entity, Link } from '../../data/types';

export type Role = 'owner' | 'editor' | 'reader' | 'nobody';

export interface TrashItem {
  id: string;
  item: Entity;
  parents: Link[];
}

/** Backlink is a task or comment that links to an article. */
export interface Backlink {
  contentType: string;
  id: string;
  name?: string;
  content?: string;
  subject?: { contentType: string; id: string };
}

export interface Version {
  id: string;
  name: string;
  content: string;
  user: Link;
  timeCreated: { value: string } | null;
}

export interface Right {
  id: string;
  user: Link;
  role: Role;
  isSelf: boolean;
}

const article = (id: string): Link => ({ contentType: 'KnowledgeArticle', id });

export const knowledgeApi = {
  bases: async () => (await api.get<Entity[]>('knowledgeBase', { limit: 1000 })).data ?? [],
  base: async (id: string) => (await api.get<Entity>(`knowledgeBase/${id}`)).data,
  createBase: async (name: string) => (await api.post<Entity>('knowledgeBase', { name })).data,
  renameBase: async (id: string, name: string) => (await api.post<Entity>(`knowledgeBase/${id}`, { name })).data,
  dropBase: (id: string) => api.delete(`knowledgeBase/${id}`),
  recoverBase: (id: string) => api.post(`knowledgeBase/${id}/recover`),
  articles: async (base: string) => (await api.get<Entity[]>(`knowledgeBase/${base}/articles`)).data ?? [],
  article: async (id: string) => (await api.get<Entity>(`knowledgeArticle/${id}`)).data,
  createArticle: async (under: Link, name: string, content: string) => {
    const path = under.contentType === 'KnowledgeBase' ? `knowledgeBase/${under.id}/article` : `knowledgeArticle/${under.id}/article`;
    return (await api.post<Entity>(path, { name, content })).data;
  },
  saveArticle: async (id: string, name: string, content: string) => (await api.post<Entity>(`knowledgeArticle/${id}`, { name, content })).data,
  dropArticle: (id: string) => api.delete(`knowledgeArticle/${id}`),
  recoverArticle: (id: string) => api.post(`knowledgeArticle/${id}/recover`, {}),
  sort: (source: string, target: string, position: 'before' | 'after') =>
    api.post('knowledgeArticle/sort', { source: article(source), target: article(target), position }),
  moveTo: (id: string, to: Link) => api.post(`knowledgeArticle/${id}/moveTo`, to),
  moveTargets: async (id: string) => (await api.get<Entity[]>(`knowledgeArticle/${id}/availableMoveTargets`)).data ?? [],
  copy: async (id: string) => (await api.post<Entity>(`knowledgeArticle/${id}/copy`)).data,
  trash: async () => (await api.get<TrashItem[]>('knowledgeBase/trash')).data ?? [],
  backlinks: async (id: string) => (await api.get<Backlink[]>(`knowledgeArticle/${id}/backlinks`)).data ?? [],
  versions: async (id: string) => (await api.get<Version[]>(`knowledgeArticle/${id}/versions`)).data ?? [],
  restoreVersion: (id: string, version: string) => api.post(`knowledgeArticle/${id}/versions/${version}/restore`),
  /** on is "knowledgeBase/{id}" or "knowledgeArticle/{id}": roles on a base or on an article. */
  rights: async (on: string) => (await api.get<Right[]>(`${on}/rights`)).data ?? [],
  grant: (on: string, user: Link, role: Role) => api.post(`${on}/rights`, { user, role }),
  revoke: (on: string, right: string) => api.delete(`${on}/rights/${right}`),
};

/** canEdit: editors and owners write articles. */
export const canEdit = (e: Entity | null | undefined) => e?.accessRole === 'editor' || e?.accessRole === 'owner';
