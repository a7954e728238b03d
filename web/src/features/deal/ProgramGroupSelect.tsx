// The process editor's group: which program group the process sits in on
// the deals bar, or a new group made on the spot.
import { useState } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useList } from '../../data/hooks';
import { createGroup, setProgramGroup } from './processApi';

export function ProgramGroupSelect({ programId, group, run }: {
  programId: string;
  group: string | null;
  run(work: () => Promise<unknown>): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const groups = useList({ contentType: 'ProgramGroup', endpoint: 'programGroup', fields: ['name'], limit: 50 });
  const [name, setName] = useState('');
  const make = () =>
    name.trim() &&
    run(async () => {
      await setProgramGroup(programId, await createGroup(name.trim()));
      setName('');
    });
  return (
    <Group gap="xs" align="flex-end">
      <Select size="xs" w={200} clearable label={t('deal.editor.group')} placeholder={t('deal.editor.noGroup')} value={group} data-testid="process-group"
        data={groups.items.map((g) => ({ value: String(g.id), label: String(g.name || t('deal.programs.unnamedGroup')) }))}
        onChange={(v) => v !== group && void run(() => setProgramGroup(programId, v))} />
      <TextInput size="xs" w={180} label={t('deal.editor.newGroup')} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="process-group-name"
        onKeyDown={(e) => e.key === 'Enter' && void make()} />
      <Button size="xs" variant="default" disabled={!name.trim()} onClick={() => void make()} data-testid="process-group-add">
        {t('deal.editor.addGroup')}
      </Button>
    </Group>
  );
}
