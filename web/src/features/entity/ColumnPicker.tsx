// Choosing a list's columns; the choice is remembered per type.
import { Button, Group, MultiSelect, Popover, Stack } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TypeInfo } from '../../data/catalog';
import { defaultColumns, listable } from './columns';

export function ColumnPicker({ type, columns, onChange }: { type: TypeInfo; columns: string[]; onChange(columns: string[]): void }) {
  const { t } = useTranslation();
  const data = type.fields.filter(listable).map((f) => ({ value: f.name, label: f.label }));
  return (
    <Popover width={360} position="bottom-end" shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />} data-testid="entity-columns">
          {t('entity.list.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <MultiSelect
            label={t('entity.list.columns')}
            data={data}
            value={columns}
            onChange={(v) => v.length > 0 && onChange(v)}
            searchable
            maxDropdownHeight={300}
            comboboxProps={{ withinPortal: false }}
          />
          <Group justify="flex-end">
            <Button size="xs" variant="subtle" onClick={() => onChange(defaultColumns(type))}>
              {t('entity.list.defaultColumns')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
