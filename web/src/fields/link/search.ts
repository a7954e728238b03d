// Finding entities to link to: each target type is asked with `q` when the
// server can search it (it has a name-like field), else its first page is
// filtered here. Answers of several types are merged, grouped by type.
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { api } from '../../data/api';
import { useCatalog, type Catalog, type TypeInfo } from '../../data/catalog';
import type { Entity, Link } from '../../data/types';
import { displayName } from '../../format/displayName';

// The server's searchable fields (internal/catalog/rules.go), which are also
// everything displayName needs.
const NAME_FIELDS = ['name', 'title', 'lastName', 'firstName', 'middleName', 'number', 'humanNumber', 'login', 'email'];
const SEARCH_LIMIT = 20;

export interface LinkOption {
  value: string;
  label: string;
  group: string;
  link: Link;
}

/** optionValue encodes a link as one Select value. */
export function optionValue(link: Link): string {
  return `${link.contentType}:${link.id}`;
}

export function linkOf(value: string): Link {
  const at = value.indexOf(':');
  return { contentType: value.slice(0, at), id: value.slice(at + 1) };
}

function valueFields(type: TypeInfo): string[] {
  return type.fields.filter((f) => NAME_FIELDS.includes(f.name) && (f.kind === 'string' || f.kind === 'integer')).map((f) => f.name);
}

/** searchable: the server answers `q` for types with a name-like value field. */
export function searchable(type: TypeInfo): boolean {
  return valueFields(type).length > 0;
}

/** searchQuery is the list query for one target type. */
export function searchQuery(type: TypeInfo, text: string): Record<string, unknown> {
  const fields = valueFields(type);
  if (type.fields.some((f) => f.name === 'possibleActions')) fields.push('possibleActions');
  const query: Record<string, unknown> = { limit: SEARCH_LIMIT };
  if (fields.length > 0) Object.assign(query, { fields, onlyRequestedFields: true });
  if (text && searchable(type)) query.q = text;
  return query;
}

export function toOption(e: Entity, t: TFunction, typeLabel: string): LinkOption {
  const link = { contentType: e.contentType, id: String(e.id) };
  return { value: optionValue(link), label: displayName(e, t, typeLabel), group: typeLabel, link };
}

async function searchType(catalog: Catalog, name: string, text: string, t: TFunction, signal: AbortSignal): Promise<LinkOption[]> {
  const type = catalog.byName(name);
  if (!type) return [];
  const res = await api.get<Entity[]>(type.endpoint, searchQuery(type, text), { signal });
  const options = (res.data ?? []).map((e) => toOption(e, t, type.label));
  if (!text || searchable(type)) return options;
  const needle = text.toLowerCase();
  return options.filter((o) => o.label.toLowerCase().includes(needle));
}

/** useLinkSearch answers the options for typed text (debounced, latest wins). */
export function useLinkSearch(targets: string[], text: string, enabled: boolean) {
  const { t } = useTranslation();
  const { catalog } = useCatalog();
  const [debounced] = useDebouncedValue(text.trim(), 250);
  const [options, setOptions] = useState<LinkOption[]>([]);
  const [loading, setLoading] = useState(false);
  const key = targets.join('|');
  useEffect(() => {
    if (!enabled || !catalog) return;
    const ctl = new AbortController();
    setLoading(true);
    Promise.allSettled(key.split('|').map((name) => searchType(catalog, name, debounced, t, ctl.signal)))
      .then((results) => {
        if (ctl.signal.aborted) return;
        setOptions(results.flatMap((r) => (r.status === 'fulfilled' ? r.value : [])));
        setLoading(false);
      });
    return () => ctl.abort();
  }, [catalog, key, debounced, enabled, t]);
  return { options, loading };
}

/** groupOptions shapes options for Mantine: grouped when there are several types. */
export function groupOptions(options: LinkOption[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const o of options) {
    if (!groups.has(o.group)) groups.set(o.group, []);
    const items = groups.get(o.group)!;
    if (!items.some((i) => i.value === o.value)) items.push({ value: o.value, label: o.label });
  }
  if (groups.size <= 1) return [...groups.values()].flat();
  return [...groups.entries()].map(([group, items]) => ({ group, items }));
}
