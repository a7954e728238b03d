export { useSession, type Session } from './SessionContext';
export type { AccountInfo, CurrentUser, Feature, MenuItem } from './types';
