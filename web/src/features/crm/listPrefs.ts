// The client list's choices a user keeps (columns.ts): read once, saved on
// each change; the screen works with the defaults while they load or if
// they cannot be read.
import { useEffect, useState } from 'react';
import { COLUMNS_SETTING, DEFAULT_COLUMNS, SORT_SETTING, loadSetting, readColumns, readSort, saveSetting, type ColumnKey, type SortKey } from './columns';

function useKept<T>(name: string, fallback: T, read: (v: unknown) => T): [T, (v: T) => void] {
  const [value, setValue] = useState<T>(fallback);
  useEffect(() => {
    let live = true;
    loadSetting(name).then(
      (v) => live && setValue(read(v)),
      (err: unknown) => console.warn(`artel: ${name} not loaded`, err),
    );
    return () => {
      live = false;
    };
    // name and read are constants of each caller.
  }, []);
  const change = (v: T) => {
    setValue(v);
    saveSetting(name, v).catch((err: unknown) => console.warn(`artel: ${name} not saved`, err));
  };
  return [value, change];
}

/** useColumns is the user's chosen columns, in their order. */
export const useColumns = () => useKept<ColumnKey[]>(COLUMNS_SETTING, DEFAULT_COLUMNS, readColumns);

/** useSort is the user's order of the list. */
export const useSort = () => useKept<SortKey>(SORT_SETTING, 'timeCreated:desc', readSort);
