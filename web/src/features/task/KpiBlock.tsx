// The KPI of a task or project: start, plan, actual and unit, each changed
// in place; the percentage is the server's (derived on every save).
import { Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TypeInfo } from '../../data/catalog';
import type { Entity } from '../../data/types';
import { isEmptyValue } from '../../fields';
import { KPI_FIELDS, fieldsOf, mayEdit } from './cardFields';
import { InlineField } from './InlineField';

export function KpiBlock({ type, entity, onDirty }: { type: TypeInfo; entity: Entity; onDirty(name: string, dirty: boolean): void }) {
  const { t } = useTranslation();
  const fields = fieldsOf(type, KPI_FIELDS);
  const set = fields.some((f) => !isEmptyValue(entity[f.name]));
  if (fields.length === 0 || (!set && !fields.some((f) => mayEdit(entity, f)))) return null;
  const percent = typeof entity.kpiPercentage === 'number' ? entity.kpiPercentage : null;
  return (
    <Stack gap={6} data-testid="task-kpi">
      <Group justify="space-between">
        <Title order={5}>{t('task.kpi.title')}</Title>
        {percent !== null && (
          <Text size="sm" fw={600} data-testid="task-kpi-percent">
            {t('task.kpi.percent', { value: percent })}
          </Text>
        )}
      </Group>
      {percent !== null && <Progress value={Math.max(0, Math.min(100, percent))} size="sm" />}
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        {fields.map((f) => (
          <InlineField key={f.name} entity={entity} field={f} onDirty={onDirty} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
