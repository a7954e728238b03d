// Spec 000 §5: a user whose first and last name are still their e-mail is
// asked for a name, saved on their own card.
import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../data/api';
import { endpointOf } from '../../data/types';
import { errorText } from '../errors/errorText';
import { useSession } from '../session';
import { needsName } from '../session/needsName';

export function NameModal() {
  const { t } = useTranslation();
  const session = useSession();
  const user = session.currentUser;
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const [skipped, setSkipped] = useState(false);

  const save = async () => {
    setSaving(true);
    setError('');
    try {
      await api.post(`${endpointOf(user.contentType)}/${user.id}`, { firstName: firstName.trim(), lastName: lastName.trim() });
      await session.reload();
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setSaving(false);
    }
  };

  const valid = firstName.trim() !== '' && lastName.trim() !== '';
  return (
    <Modal opened={!skipped && needsName(user)} onClose={() => setSkipped(true)} title={t('shell.name.title')} data-testid="name-modal">
      <form onSubmit={(e) => { e.preventDefault(); if (valid) void save(); }}>
        <Stack>
          <Text size="sm">{t('shell.name.text')}</Text>
          <TextInput label={t('shell.name.firstName')} value={firstName} onChange={(e) => setFirstName(e.currentTarget.value)} required data-autofocus />
          <TextInput label={t('shell.name.lastName')} value={lastName} onChange={(e) => setLastName(e.currentTarget.value)} required />
          {error && <Text c="red" size="sm">{error}</Text>}
          <Button type="submit" loading={saving} disabled={!valid}>{t('shell.name.save')}</Button>
        </Stack>
      </form>
    </Modal>
  );
}
