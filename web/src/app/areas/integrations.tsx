// /settings/integrations/{section?}: mail accounts, messengers,
// telephony (the area's own setup) and widgets, the others the generic
// list of their type.
import { Anchor, Group, Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { MailAccounts } from '../../features/discuss/MailAccounts';
import AppsPage from '../../features/integration/AppsPage';
import { TelephonySettings } from '../../features/telephony/TelephonySettings';
import { useSession } from '../session';
import { List } from './generic';

const sections = ['mail', 'messenger', 'telephony', 'widgets'] as const;
type Section = (typeof sections)[number];

export function IntegrationsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isAdmin } = useSession();
  const { section: raw } = useParams();
  const section: Section = (sections as readonly string[]).includes(raw ?? '') ? (raw as Section) : 'mail';
  return (
    <Stack data-testid="integrations">
      <Title order={2}>{t('shell.settings.integrations')}</Title>
      <Tabs value={section} onChange={(v) => v && navigate(`/settings/integrations/${v}`)}>
        <Tabs.List>
          <Tabs.Tab value="mail">{t('shell.integrations.mail')}</Tabs.Tab>
          <Tabs.Tab value="messenger">{t('shell.integrations.messenger')}</Tabs.Tab>
          <Tabs.Tab value="telephony">{t('shell.integrations.telephony')}</Tabs.Tab>
          <Tabs.Tab value="widgets">{t('shell.integrations.widgets')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Group gap="lg">
        <Anchor component={Link} to="/settings/integrations/customLeadForm/list" size="sm">{t('shell.integrations.leadForms')}</Anchor>
        <Anchor component={Link} to="/settings/integrations/webhooks" size="sm" data-testid="link-webhooks">{t('integration.links.webhooks')}</Anchor>
        <Anchor component={Link} to="/settings/integrations/automation" size="sm" data-testid="link-automation">{t('integration.links.automation')}</Anchor>
        <Anchor component={Link} to="/settings/integrations/features" size="sm" data-testid="link-features">{t('integration.links.features')}</Anchor>
        <Anchor component={Link} to="/settings/integrations/apps" size="sm" data-testid="link-apps">{t('integration.links.apps')}</Anchor>
        {isAdmin && <Anchor component={Link} to="/settings/integrations/errors" size="sm" data-testid="link-errors">{t('integration.links.errors')}</Anchor>}
      </Group>
      {/* An account holds both servers (the API's Imap): one screen. */}
      {section === 'mail' && <MailAccounts />}
      {section === 'messenger' && <List contentType="Messenger" />}
      {section === 'telephony' && <TelephonySettings />}
      {/* Widgets come with apps: the apps' screen lists both. */}
      {section === 'widgets' && <AppsPage />}
    </Stack>
  );
}
