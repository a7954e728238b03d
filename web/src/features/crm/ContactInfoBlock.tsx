// A client's contact info on the card, changed in place: add an entry,
// remove one, make one its type's main. Each change sends the whole list;
// the server's message (a bad phone or e-mail) shows under the block.
import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconStar, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { saveEntity } from '../../data/hooks';
import type { Entity } from '../../data/types';
import { CONTACT_TYPES, contactsOf, withEntry, withMain, withoutEntry, type ContactEntry } from './contacts';
import { useContactLabels } from './labels';

function hrefOf(e: ContactEntry): string | undefined {
  if (e.type === 'email') return `mailto:${e.value}`;
  if (e.type === 'phone') return `tel:${(e.value ?? '').replace(/[^\d+]/g, '')}`;
  if (e.type === 'link') return e.value;
  return undefined;
}

export function ContactInfoBlock({ entity, editable }: { entity: Entity; editable: boolean }) {
  const { t } = useTranslation();
  const labels = useContactLabels();
  const list = contactsOf(entity.contactInfo);
  const [type, setType] = useState<string>('phone');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const save = async (next: ContactEntry[]) => {
    setSaving(true);
    try {
      await saveEntity(entity.contentType, String(entity.id), { contactInfo: next });
      setError(undefined);
      return true;
    } catch (err) {
      setError(errorText(err, t));
      return false;
    } finally {
      setSaving(false);
    }
  };

  const add = async () => {
    if (!value.trim()) return;
    if (await save(withEntry(list, type, value))) setValue('');
  };

  return (
    <Stack gap="xs" data-testid="contact-info">
      <Title order={5}>{t('crm.contact.title')}</Title>
      {list.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('crm.contact.none')}
        </Text>
      )}
      {list.map((e, i) => {
        const href = hrefOf(e);
        const label = e.contentType === 'Address' ? labels.address : (labels[e.type ?? ''] ?? e.type);
        return (
          <Group key={i} gap="xs" wrap="nowrap" data-testid="contact-row" data-type={e.type}>
            <Text size="sm" c="dimmed" w={110}>
              {label}
            </Text>
            {href ? (
              <Anchor size="sm" href={href} data-testid="contact-value">
                {e.value}
              </Anchor>
            ) : (
              <Text size="sm" data-testid="contact-value">
                {e.value}
              </Text>
            )}
            {e.comment && (
              <Text size="xs" c="dimmed">
                {e.comment}
              </Text>
            )}
            {e.isMain && (
              <Badge size="xs" variant="light">
                {t('crm.contact.main')}
              </Badge>
            )}
            {editable && !e.isMain && (
              <ActionIcon variant="subtle" size="sm" aria-label={t('crm.contact.makeMain')} onClick={() => void save(withMain(list, i))} disabled={saving} data-testid={`contact-main-${i}`}>
                <IconStar size={14} />
              </ActionIcon>
            )}
            {editable && (
              <ActionIcon variant="subtle" color="red" size="sm" aria-label={t('crm.contact.remove')} onClick={() => void save(withoutEntry(list, i))} disabled={saving} data-testid={`contact-remove-${i}`}>
                <IconTrash size={14} />
              </ActionIcon>
            )}
          </Group>
        );
      })}
      {editable && (
        <form
          onSubmit={(ev) => {
            ev.preventDefault();
            void add();
          }}
        >
          <Group gap="xs" align="flex-start">
            <Select
              aria-label={t('crm.contact.type')}
              data={CONTACT_TYPES.map((c) => ({ value: c, label: labels[c] }))}
              value={type}
              onChange={(v) => v && setType(v)}
              allowDeselect={false}
              w={150}
              data-testid="contact-add-type"
            />
            <TextInput
              aria-label={t('crm.contact.value')}
              placeholder={t('crm.contact.value')}
              value={value}
              onChange={(ev) => setValue(ev.currentTarget.value)}
              error={error}
              data-testid="contact-add-value"
            />
            <Button type="submit" variant="light" loading={saving} disabled={!value.trim()} data-testid="contact-add">
              {t('crm.contact.add')}
            </Button>
          </Group>
        </form>
      )}
      {!editable && error && (
        <Text size="sm" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}
