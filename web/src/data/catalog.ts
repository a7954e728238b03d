// The catalogue of content types (GET /api/v3/catalog): what generic lists,
// cards and forms need to know about each type's fields. Labels come in the
// request's language, so the answer is cached per language.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { api } from './api';
import { getLocale, onLocaleChange } from './transport';
import { endpointOf } from './types';

export interface FieldInfo {
  name: string;
  kind: string;
  label: string;
  sortable: boolean;
  readOnly: boolean;
  required: boolean;
  writeOnly: boolean;
  values?: string[];
  targets?: string[];
  countOf?: string;
}

export interface TypeInfo {
  name: string;
  endpoint: string;
  label: string;
  fields: FieldInfo[];
}

export interface Catalog {
  types: TypeInfo[];
  byName(name: string): TypeInfo | undefined;
  byEndpoint(endpoint: string): TypeInfo | undefined;
}

const byLanguage = new Map<string, Promise<Catalog>>();
/** Endpoints of every type seen in any catalogue: they do not depend on the language. */
const endpoints = new Map<string, string>();

function makeCatalog(types: TypeInfo[]): Catalog {
  const names = new Map(types.map((t) => [t.name, t]));
  const paths = new Map(types.map((t) => [t.endpoint, t]));
  for (const t of types) endpoints.set(t.name, t.endpoint);
  return { types, byName: (n) => names.get(n), byEndpoint: (e) => paths.get(e) };
}

/** loadCatalog answers the catalogue in the current language, fetched once per language. */
export function loadCatalog(): Promise<Catalog> {
  const lang = getLocale();
  let p = byLanguage.get(lang);
  if (!p) {
    p = api.get<TypeInfo[]>('catalog', undefined, { batch: false }).then((env) => makeCatalog(env.data));
    // A failure is not cached: the next caller tries again.
    p.catch(() => byLanguage.delete(lang));
    byLanguage.set(lang, p);
  }
  return p;
}

/** typeEndpoint is the endpoint of a content type, from the catalogue when it has been loaded. */
export function typeEndpoint(contentType: string): string {
  return endpoints.get(contentType) ?? endpointOf(contentType);
}

export function useCatalog(): { catalog: Catalog | undefined; error: unknown } {
  const lang = useSyncExternalStore(onLocaleChange, getLocale);
  const [state, setState] = useState<{ lang: string; catalog?: Catalog; error?: unknown }>({ lang });
  useEffect(() => {
    let live = true;
    loadCatalog().then(
      (catalog) => live && setState({ lang, catalog }),
      (error: unknown) => live && setState({ lang, error }),
    );
    return () => {
      live = false;
    };
  }, [lang]);
  return state.lang === lang ? { catalog: state.catalog, error: state.error } : { catalog: undefined, error: undefined };
}

/** forgetCatalogs drops the cached catalogues (tests, signing out). */
export function forgetCatalogs() {
  byLanguage.clear();
}
