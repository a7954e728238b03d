// The loaded startup data as a React context: useSession() answers who the
// user is, what the account has and what the user may do.
import { createContext, useContext } from 'react';
import type { StartupData } from './types';

export interface Session extends StartupData {
  isAdmin: boolean;
  isFeatureOn(name: string): boolean;
  hasModule(id: string): boolean;
  can(action: string): boolean;
  /** reload fetches the startup data again (after a language switch, a name change). */
  reload(): Promise<void>;
  /** setSetting saves a user setting and updates the session at once. */
  setSetting(name: string, value: unknown): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

/** makeSession adds the questions the app asks to the loaded data. */
export function makeSession(data: StartupData, reload: () => Promise<void>, setSetting: Session['setSetting']): Session {
  const features = new Map(data.features.map((f) => [f.name, f.isEnabledForUser ?? f.isAvailable ?? false]));
  const modules = new Set((data.accountInfo.enabledModules ?? []).map((m) => m.id));
  const actions = new Set(data.currentUser.possibleActions ?? []);
  return {
    ...data,
    isAdmin: data.currentUser.isAdmin === true,
    isFeatureOn: (name) => features.get(name) === true,
    hasModule: (id) => modules.has(id),
    can: (action) => actions.has(action),
    reload,
    setSetting,
  };
}
