// The countries a payer can be of (GET /country, docs/crm.md
// "Requisites"): asked once per language, Russia first and the default.
import { api } from '../../data/api';

export interface Country {
  id: string;
  name: string;
  isDefault: boolean;
}

const asked = new Map<string, Promise<Country[]>>();

/** countries answers the list, named in the interface's language. */
export function countries(lang: string): Promise<Country[]> {
  let p = asked.get(lang);
  if (!p) {
    // The API names them by Accept-Language, which follows the interface.
    p = api.get<Country[]>('country').then((r) => r.data);
    p.catch(() => asked.delete(lang));
    asked.set(lang, p);
  }
  return p;
}

/** countryName is a payer's country as the list names it, else as kept. */
export function countryName(list: Country[], kept: unknown): string {
  const c = kept as { id?: unknown; name?: unknown } | null | undefined;
  return list.find((x) => x.id === String(c?.id ?? ''))?.name ?? (typeof c?.name === 'string' ? c.name : '');
}
