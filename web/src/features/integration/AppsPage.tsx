// /settings/integrations/apps: the local market (install), an uploaded
// manifest (install), and the installed apps — on or off, settings, a
// new API token (shown once), removal (docs/integration.md, "Apps").
import { Alert, Badge, Button, Code, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as A from './appsApi';
import { errorText } from './integrationApi';

export default function AppsPage() {
  const { t } = useTranslation();
  const [market, setMarket] = useState<A.Application[]>([]);
  const [apps, setApps] = useState<A.InstalledApp[]>([]);
  const [token, setToken] = useState<{ app: string; token: string } | null>(null);
  const [manifest, setManifest] = useState('');
  const [error, setError] = useState<string | null>(null);
  const load = () => {
    A.listMarket().then(setMarket, (e: unknown) => setError(errorText(e)));
    A.listApps().then(setApps, (e: unknown) => setError(errorText(e)));
  };
  useEffect(load, []);
  const act = async (call: () => Promise<A.InstalledApp | unknown>) => {
    setError(null);
    try {
      const got = (await call()) as A.InstalledApp | undefined;
      if (got?.apiToken) setToken({ app: got.name, token: got.apiToken });
      load();
    } catch (e) {
      setError(errorText(e));
    }
  };
  const upload = () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(manifest);
    } catch {
      setError(t('integration.apps.badJson'));
      return;
    }
    void act(() => A.uploadManifest(parsed)).then(() => setManifest(''));
  };
  return (
    <Stack gap="md" maw={1000} data-testid="apps">
      <Title order={2}>{t('integration.apps.title')}</Title>
      <Text size="sm" c="dimmed">{t('integration.apps.about')}</Text>
      {error && <Alert color="red" data-testid="apps-error">{error}</Alert>}
      {token && (
        <Alert color="yellow" withCloseButton onClose={() => setToken(null)} title={t('integration.apps.tokenTitle', { app: token.app })}>
          <Text size="sm">{t('integration.apps.tokenOnce')}</Text>
          <Code block data-testid="app-token">{token.token}</Code>
        </Alert>
      )}
      <Title order={4}>{t('integration.apps.installed')}</Title>
      {apps.length === 0 && <Text c="dimmed">{t('integration.apps.none')}</Text>}
      {apps.map((a) => (
        <InstalledCard key={a.id} app={a} act={act} />
      ))}
      <Title order={4}>{t('integration.apps.market')}</Title>
      {market.map((m) => (
        <Paper key={m.id} withBorder p="sm" data-testid="market-app" data-id={m.id}>
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={2}>
              <Text fw={600}>{m.title}</Text>
              <Text size="sm">{m.shortDescription}</Text>
              <Text size="xs" c="dimmed">{t('integration.apps.scopes', { list: m.scope.join(', ') || '—' })}</Text>
            </Stack>
            {m.installed ? (
              <Badge color="green">{t('integration.apps.isInstalled')}</Badge>
            ) : (
              <Button size="xs" onClick={() => void act(() => A.installFromMarket(m.id))} data-testid="market-install">
                {t('integration.apps.install')}
              </Button>
            )}
          </Group>
        </Paper>
      ))}
      <Title order={4}>{t('integration.apps.upload')}</Title>
      <Textarea autosize minRows={4} value={manifest} onChange={(e) => setManifest(e.currentTarget.value)} placeholder={t('integration.apps.manifestHint')} data-testid="app-manifest" />
      <Button onClick={upload} disabled={!manifest.trim()} style={{ alignSelf: 'flex-start' }} data-testid="app-upload">
        {t('integration.apps.install')}
      </Button>
    </Stack>
  );
}

function InstalledCard({ app, act }: { app: A.InstalledApp; act: (c: () => Promise<unknown>) => Promise<void> }) {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<Record<string, string>>(app.settings ?? {});
  return (
    <Paper withBorder p="sm" data-testid="installed-app" data-identifier={app.identifier}>
      <Stack gap={6}>
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600}>{app.name}</Text>
            <Badge color={app.isEnabled ? 'green' : 'gray'}>{app.isEnabled ? t('integration.apps.on') : t('integration.apps.off')}</Badge>
          </Group>
          <Group gap="xs">
            {app.widgets.some((w) => w.placeholder === 'app_page') && (
              <Button size="xs" variant="subtle" component={Link} to={`/apps/${app.id}`}>
                {t('integration.apps.open')}
              </Button>
            )}
            <Button size="xs" variant="light" onClick={() => void act(() => A.switchApp(app.id, !app.isEnabled))} data-testid="app-switch">
              {app.isEnabled ? t('integration.apps.disable') : t('integration.apps.enable')}
            </Button>
            <Button size="xs" variant="default" onClick={() => void act(() => A.renewToken(app.id))} data-testid="app-renew">
              {t('integration.apps.renew')}
            </Button>
            <Button size="xs" color="red" variant="subtle" onClick={() => void act(() => A.removeApp(app.id))} data-testid="app-remove">
              {t('integration.delete')}
            </Button>
          </Group>
        </Group>
        <Text size="xs" c="dimmed">{t('integration.apps.scopes', { list: app.scope.join(', ') || '—' })}</Text>
        <Text size="xs" c="dimmed">{t('integration.apps.widgets', { list: app.widgets.map((w) => w.placeholder).join(', ') || '—' })}</Text>
        {app.settingsFields.length > 0 && (
          <Group align="flex-end">
            {app.settingsFields.map((f) => (
              <TextInput key={f.name} size="xs" label={f.title || f.name} value={settings[f.name] ?? ''} onChange={(e) => setSettings({ ...settings, [f.name]: e.currentTarget.value })} data-testid={`app-setting-${f.name}`} />
            ))}
            <Button size="xs" onClick={() => void act(() => A.saveSettings(app.id, settings))} data-testid="app-save-settings">
              {t('integration.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
