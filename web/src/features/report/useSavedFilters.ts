// The list filters of a builder source (builderFields SAVED_FILTERS): the
// reader's panel of that list, built-in and saved filters alike.
import { useEffect, useState } from 'react';
import { api } from '../../data/api';
import { SAVED_FILTERS } from './builderFields';
import type { SavedFilterLink, Source } from './reportApi';

export interface SavedFilterOption {
  value: string;
  label: string;
  link: SavedFilterLink;
}

export function useSavedFilters(source: Source): SavedFilterOption[] {
  const [options, setOptions] = useState<SavedFilterOption[]>([]);
  const where = SAVED_FILTERS[source];
  useEffect(() => {
    setOptions([]);
    if (!where) return;
    let live = true;
    api.get<{ id: string; title?: string }[]>(where.endpoint, { limit: 100 }, { batch: false }).then(
      (env) => {
        if (!live || !Array.isArray(env.data)) return;
        setOptions(env.data.filter((f) => f.title).map((f) => ({ value: `saved:${String(f.id)}`, label: String(f.title), link: { contentType: where.contentType, id: String(f.id) } })));
      },
      () => live && setOptions([]),
    );
    return () => {
      live = false;
    };
  }, [where]);
  return options;
}
