// A warehouse picker over the account's warehouses.
import { Select } from '@mantine/core';
import { useList } from '../../data/hooks';
import type { Link } from '../../data/types';

export function WarehouseSelect({ label, placeholder, value, onChange, disabled, testId }: {
  label: string;
  placeholder: string;
  value: Link | null;
  onChange(v: Link | null): void;
  disabled: boolean;
  testId: string;
}) {
  const list = useList({ contentType: 'Warehouse', endpoint: 'warehouse', fields: ['name'], limit: 200 });
  return (
    <Select label={label} placeholder={placeholder} searchable disabled={disabled} data-testid={testId} w={280}
      value={value?.id ?? null} onChange={(id) => onChange(id ? { contentType: 'Warehouse', id } : null)}
      data={list.items.map((w) => ({ value: String(w.id), label: String(w.name ?? w.id) }))} />
  );
}
