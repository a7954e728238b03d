// The right column: who is in the chat, and the reader's own pin and
// sound for it.
import { Button, Group, ScrollArea, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPin, IconPinnedOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { LinkName } from '../../fields/link/LinkName';
import { setPinned, setSound, type Chat } from './chatApi';

export function ParticipantsPanel({ chat, onChanged }: { chat: Chat; onChanged: (c: Chat) => void }) {
  const { t } = useTranslation();
  const run = (p: Promise<Chat>) =>
    p.then(onChanged, (err: unknown) => notifications.show({ color: 'red', title: t('discuss.failed'), message: errorText(err, t) }));
  const people = chat.participants ?? [];
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
      <ScrollArea style={{ flex: 1 }}>
        <Stack gap={4}>
          {people.map((p) => (
            <Text key={`${p.contentType}:${p.id}`} size="sm" data-testid="chat-participant">
              <LinkName link={p} />
            </Text>
          ))}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}
