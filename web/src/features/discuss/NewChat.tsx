// Starting a conversation: a private dialogue with one person (found
// again when it exists), or a group chat with a name and its people.
import { useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { FieldInfo } from '../../data/catalog';
import type { Link } from '../../data/types';
import { LinksEditor } from '../../fields/links';
import { createChat, openDialogue, type Chat } from './chatApi';

const peopleField: FieldInfo = {
  name: 'participants', kind: 'links', label: '', sortable: false, readOnly: false, required: true, writeOnly: false, targets: ['Employee'],
};

export function NewChat({ opened, onClose, onOpened }: { opened: boolean; onClose: () => void; onOpened: (c: Chat) => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'dialogue' | 'group'>('dialogue');
  const [name, setName] = useState('');
  const [people, setPeople] = useState<Link[]>([]);
  const [busy, setBusy] = useState(false);
  const ready = kind === 'dialogue' ? people.length === 1 : people.length > 0 && name.trim() !== '';
  const start = async () => {
    setBusy(true);
    try {
      const chat = kind === 'dialogue' ? await openDialogue(people[0]) : await createChat(name.trim(), people);
      setPeople([]);
      setName('');
      onOpened(chat);
    } catch (err) {
      notifications.show({ color: 'red', title: t('discuss.failed'), message: errorText(err, t) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('discuss.new.title')}>
      <Stack>
        <SegmentedControl
          data-testid="new-chat-kind"
          value={kind}
          onChange={(v) => setKind(v === 'group' ? 'group' : 'dialogue')}
          data={[
            { value: 'dialogue', label: t('discuss.new.dialogue') },
            { value: 'group', label: t('discuss.new.group') },
          ]}
        />
        {kind === 'group' && <TextInput label={t('discuss.new.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="new-chat-name" />}
        <div data-testid="new-chat-people">
          <LinksEditor
            field={peopleField}
            label={kind === 'dialogue' ? t('discuss.new.with') : t('discuss.new.people')}
            value={people}
            onChange={(v) => setPeople(kind === 'dialogue' ? (v ?? []).slice(-1) : (v ?? []))}
          />
        </div>
        <Group justify="flex-end">
          <Button onClick={() => void start()} disabled={!ready} loading={busy} data-testid="new-chat-start">
            {t('discuss.new.start')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
