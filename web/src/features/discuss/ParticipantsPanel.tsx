// The right column: who is in the chat, and the reader's own pin and
// sound for it. Whoever the server lets change a group chat (its owner,
// administrators) adds people through a search of employees and removes
// them; a private dialogue's two never change.
import { useState } from 'react';
import { ActionIcon, Button, Group, ScrollArea, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPin, IconPinnedOff, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { FieldInfo } from '../../data/catalog';
import type { Link } from '../../data/types';
import { LinkEditor } from '../../fields/link';
import { LinkName, useLinkLabel } from '../../fields/link/LinkName';
import { canEditPeople, setParticipants, setPinned, setSound, withoutPerson, withPerson, type Chat } from './chatApi';

const personField: FieldInfo = {
  name: 'participant', kind: 'link', label: '', sortable: false, readOnly: false, required: false, writeOnly: false, targets: ['Employee'],
};

function Person({ who, onRemove }: { who: Link; onRemove?: () => void }) {
  const { t } = useTranslation();
  const name = useLinkLabel(who);
  return (
    <Group gap={4} justify="space-between" wrap="nowrap" data-testid="chat-participant">
      <Text size="sm">
        <LinkName link={who} />
      </Text>
      {onRemove && (
        <ActionIcon size="sm" variant="subtle" color="gray" aria-label={t('discuss.participants.remove', { name })} onClick={onRemove}
          data-testid="chat-participant-remove">
          <IconX size={14} />
        </ActionIcon>
      )}
    </Group>
  );
}

export function ParticipantsPanel({ chat, onChanged }: { chat: Chat; onChanged: (c: Chat) => void }) {
  const { t } = useTranslation();
  // A new key empties the picker after each person added.
  const [picks, setPicks] = useState(0);
  const run = (p: Promise<Chat>) =>
    p.then(onChanged, (err: unknown) => notifications.show({ color: 'red', title: t('discuss.failed'), message: errorText(err, t) }));
  const people = chat.participants ?? [];
  const editable = canEditPeople(chat);
  const owner = chat.owner;
  const change = (next: Link[]) => void run(setParticipants(chat.id, next));
  return (
    <Stack w={260} p="sm" gap="sm" style={{ borderLeft: '1px solid var(--mantine-color-default-border)' }} data-testid="chat-participants">
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={chat.isAttached ? <IconPinnedOff size={14} /> : <IconPin size={14} />}
          onClick={() => void run(setPinned(chat.id, !chat.isAttached))}
          data-testid="chat-pin"
        >
          {chat.isAttached ? t('discuss.chat.unpin') : t('discuss.chat.pin')}
        </Button>
      </Group>
      <Switch
        size="sm"
        label={t('discuss.chat.sound')}
        checked={!chat.soundDisable}
        onChange={(e) => void run(setSound(chat.id, e.currentTarget.checked))}
        data-testid="chat-sound"
      />
      <Title order={6}>{t('discuss.participants.title', { count: people.length })}</Title>
      {editable && (
        <div data-testid="chat-participant-add">
          <LinkEditor key={picks} field={personField} label={t('discuss.participants.add')} value={null}
            onChange={(v) => {
              if (!v) return;
              setPicks((n) => n + 1);
              change(withPerson(people, v));
            }} />
        </div>
      )}
      <ScrollArea style={{ flex: 1 }}>
        <Stack gap={4}>
          {people.map((p) => {
            // The owner stays a member whatever the list says, so is not offered for removal.
            const isOwner = owner && owner.contentType === p.contentType && String(owner.id) === String(p.id);
            return <Person key={`${p.contentType}:${p.id}`} who={p} onRemove={editable && !isOwner ? () => change(withoutPerson(people, p)) : undefined} />;
          })}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}
