// A lead form's theme as the API keeps it (FormTheme): what the editor
// changes and what a save sends. Every property is optional; the public
// page keeps its own look for those not set (internal/module/crm/leadform/theme.go).

export interface Theme {
  textColor?: string;
  inputColor?: string;
  primaryColor?: string;
  secondaryColor?: string;
  backgroundColor?: string;
  fullWidth?: boolean;
  containerWidth?: number;
  align?: 'left' | 'center' | 'right';
  borderRadius?: number;
  marginLeft?: number;
  marginRight?: number;
  fieldSpacing?: number;
}

export const THEME_COLORS = ['textColor', 'inputColor', 'primaryColor', 'secondaryColor', 'backgroundColor'] as const;

/** THEME_SIZES are the sizes in pixels with the range the server takes. */
export const THEME_SIZES = [['containerWidth', 200, 2000], ['borderRadius', 0, 50], ['marginLeft', 0, 500],
  ['marginRight', 0, 500], ['fieldSpacing', 0, 100]] as const;

const KEYS = [...THEME_COLORS, ...THEME_SIZES.map((s) => s[0]), 'fullWidth', 'align'] as const;

/** themeOf reads a form's theme, keeping only the properties it knows. */
export function themeOf(raw: unknown): Theme {
  const src = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of KEYS) if (src[k] !== undefined && src[k] !== null) out[k] = src[k];
  return out as Theme;
}

/** themeBody is what a save sends: the set properties, or null for none. */
export function themeBody(theme: Theme): Record<string, unknown> | null {
  const set = Object.entries(theme).filter(([, v]) => v !== undefined && v !== '' && v !== false);
  return set.length ? { contentType: 'FormTheme', ...Object.fromEntries(set) } : null;
}
