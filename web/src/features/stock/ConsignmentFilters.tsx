// The consignment list's built-in filters (GET /consignmentFilter): by
// type, movement and state, each with how many the reader sees.
import { useEffect, useState } from 'react';
import { Chip, Group } from '@mantine/core';
import { api } from '../../data/api';

interface Filter {
  id: string;
  title: string;
  count: number;
  isSystem?: boolean;
}

export function ConsignmentFilters({ value, onChange, seq }: { value: string; onChange(id: string): void; seq: number }) {
  const [filters, setFilters] = useState<Filter[]>([]);
  useEffect(() => {
    api.get<Filter[]>('consignmentFilter').then((r) => setFilters((r.data ?? []).filter((f) => f.isSystem)), () => setFilters([]));
  }, [seq]);
  return (
    <Chip.Group multiple={false} value={value} onChange={onChange}>
      <Group gap={6} data-testid="consignment-filters">
        {filters.map((f) => (
          <Chip key={f.id} value={f.id} size="xs" data-testid="consignment-filter" data-id={f.id}>
            {f.title} ({f.count})
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
