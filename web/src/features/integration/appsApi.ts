// Apps (docs/integration.md, "Apps"): the local market and the account's
// installed apps under /integration. Only administrators may call them.
import { api } from '../../data/api';
import { forgetWidgets } from './widgets/widgetsApi';

export interface Application {
  id: string;
  title: string;
  shortDescription: string;
  description: string;
  installed: boolean;
  enabled: boolean;
  developerName: string;
  scope: string[];
  categories: { id: string; title: string }[];
}

export interface InstalledApp {
  id: string;
  identifier: string;
  name: string;
  shortDescription: string;
  isEnabled: boolean;
  isFromMarket: boolean;
  scope: string[];
  settings: Record<string, string>;
  settingsFields: { name: string; title: string }[];
  widgets: { uuid: string; placeholder: string; name: string }[];
  apiToken?: string;
}

export async function listMarket(): Promise<Application[]> {
  return (await api.get<{ apps: Application[] }>('integration/all')).data.apps;
}

export async function listApps(): Promise<InstalledApp[]> {
  return (await api.get<InstalledApp[]>('integration')).data;
}

export async function getApp(id: string): Promise<InstalledApp> {
  return (await api.get<InstalledApp>(`integration/${id}`)).data;
}

async function changed<T>(p: Promise<{ data: T }>): Promise<T> {
  const r = await p;
  forgetWidgets();
  return r.data;
}

export const installFromMarket = (identifier: string) => changed(api.post<InstalledApp>(`integration/install/${identifier}`, {}));
export const uploadManifest = (manifest: unknown) => changed(api.post<InstalledApp>('integration', manifest));
export const switchApp = (id: string, on: boolean) => changed(api.post<InstalledApp>(`integration/${id}/${on ? 'enable' : 'disable'}`, {}));
export const saveSettings = (id: string, settings: Record<string, string>) => changed(api.post<InstalledApp>(`integration/${id}`, { settings }));
export const removeApp = (id: string) => changed(api.delete<InstalledApp>(`integration/${id}`));
export const renewToken = async (id: string) => (await api.get<InstalledApp>(`integration/${id}/regenerateToken`, undefined, { batch: false })).data;
