// What the startup sequence loads (spec 000 §3 AccountInfo, Current user)
// and the rest of the app reads through useSession().

export interface ContactEntry {
  type?: string;
  value?: string;
  isMain?: boolean;
}

export interface CurrentUser {
  contentType: string;
  id: string;
  firstName?: string | null;
  lastName?: string | null;
  login?: string | null;
  contactInfo?: ContactEntry[] | null;
  possibleActions?: string[];
  isAdmin?: boolean;
  needsName?: boolean;
  isGuestAccessEnabled?: boolean;
  [field: string]: unknown;
}

export interface AccountInfo {
  id?: string;
  productName?: string;
  licenseExpired?: boolean;
  enabledModules?: { id: string; availableInPaidVersionOnly?: boolean }[];
  [field: string]: unknown;
}

export interface Feature {
  name: string;
  isAvailable?: boolean;
  isEnabledForUser?: boolean;
}

export interface MenuItem {
  id: string;
  title: string;
  url: string;
  iconKind?: string | null;
  isEnabled?: boolean;
  blank?: boolean;
  isExternal?: boolean;
}

export interface StartupData {
  currentUser: CurrentUser;
  accountInfo: AccountInfo;
  features: Feature[];
  menu: MenuItem[];
  /** User settings read at start, by name; unset ones are null. */
  settings: Record<string, unknown>;
}

/** The user setting holding the seasonal theme choice. */
export const THEME_SETTING = 'ny_theme2022';
/** The feature that offers the seasonal theme. */
export const THEME_FEATURE = 'bums.common.ny_theme2022';
export const STARTUP_SETTINGS = [THEME_SETTING] as const;
