// The caller's internal number, and, for administrators, the account's
// provider: the webhook's addresses and signing secret, or the simulator.
import { useEffect, useState } from 'react';
import { Button, Code, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useSession } from '../../app/session';
import { currentOptions, loadSettings, saveSettings, saveUserConfig, setUserStatus, statusOf, type TelephonySettings as Settings } from './callApi';

export function TelephonySettings() {
  const { t } = useTranslation();
  const admin = useSession().currentUser.isAdmin === true;
  const [number, setNumber] = useState('');
  const [settings, setSettings] = useState<Settings>();
  const [status, setStatus] = useState<string>();
  useEffect(() => {
    currentOptions()
      .then((o) => {
        setStatus(statusOf(o));
        setNumber(o.result.call.providers[o.result.call.defaultProvider]?.internalNumber ?? '');
      })
      .catch(() => setStatus('online'));
  }, []);
  const failed = (err: unknown) => notifications.show({ color: 'red', message: errorText(err, t) });
  useEffect(() => {
    if (admin) loadSettings().then(setSettings).catch((err: unknown) => notifications.show({ color: 'red', message: errorText(err, t) }));
  }, [admin, t]);
  const origin = window.location.origin;
  return (
    <Stack gap="sm" data-testid="telephony-settings">
      <Title order={4}>{t('telephony.settings.mine')}</Title>
      <Group align="end">
        <TextInput label={t('telephony.settings.internalNumber')} value={number} onChange={(e) => setNumber(e.currentTarget.value)} />
        <Button
          onClick={() =>
            saveUserConfig(number).then(() => notifications.show({ message: t('telephony.settings.saved') })).catch(failed)
          }
        >
          {t('telephony.settings.save')}
        </Button>
      </Group>
      {status && (
        <SegmentedControl
          w="fit-content"
          value={status}
          data-testid="telephony-status"
          onChange={(v) => setUserStatus(v).then(() => setStatus(v)).catch(failed)}
          data={[
            { value: 'online', label: t('telephony.status.online') },
            { value: 'away', label: t('telephony.status.away') },
            { value: 'offline', label: t('telephony.status.offline') },
          ]}
        />
      )}
      <Title order={4}>{t('telephony.settings.provider')}</Title>
      {!admin && <Text c="dimmed">{t('telephony.settings.adminOnly')}</Text>}
      {settings && (
        <>
          <SegmentedControl
            w="fit-content"
            value={settings.provider}
            data-testid="telephony-provider"
            onChange={(v) => saveSettings({ provider: v }).then(setSettings).catch(failed)}
            data={[
              { value: 'webhook', label: t('telephony.settings.webhook') },
              { value: 'simulated', label: t('telephony.settings.simulated') },
            ]}
          />
          <Text size="sm">{t('telephony.settings.eventsUrl')}: <Code>{origin + settings.eventsPath}</Code></Text>
          <Text size="sm">{t('telephony.settings.commandsUrl')}: <Code>{origin + settings.commandsPath}</Code></Text>
          <Text size="sm">{t('telephony.settings.secret')}: <Code data-testid="telephony-secret">{settings.secret}</Code></Text>
          <Button w="fit-content" variant="light" onClick={() => saveSettings({ newSecret: true }).then(setSettings).catch(failed)}>
            {t('telephony.settings.newSecret')}
          </Button>
        </>
      )}
    </Stack>
  );
}
