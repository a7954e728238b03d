// The bottom of the main menu: the seasonal theme switch (when the account
// offers it), the language and the user's own menu.
import { Avatar, Group, Menu, Stack, Switch, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconLogout, IconSnowflake, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { avatarColor, displayName } from '../../format';
import { cardPath } from '../paths';
import { useSession } from '../session';
import { THEME_FEATURE, THEME_SETTING } from '../session/types';
import { LanguageSwitcher } from './LanguageSwitcher';

export function MenuFooter({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const user = session.currentUser;
  // Only the name fields: a user's possibleActions are permissions, not
  // the act_* rights displayName reads.
  const name = displayName({ contentType: user.contentType, id: user.id, firstName: user.firstName, lastName: user.lastName }, t);
  const themeOn = session.settings[THEME_SETTING] === true;

  return (
    <Stack gap="xs" p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {session.isFeatureOn(THEME_FEATURE) && (
        <Tooltip label={t('menu.theme')} disabled={!collapsed} position="right">
          <Switch
            size="sm"
            checked={themeOn}
            onChange={(e) => void session.setSetting(THEME_SETTING, e.currentTarget.checked)}
            label={collapsed ? undefined : t('menu.theme')}
            thumbIcon={<IconSnowflake size={10} />}
            data-testid="theme-toggle"
            aria-label={t('menu.theme')}
          />
        </Tooltip>
      )}
      {!collapsed && <LanguageSwitcher onSwitched={() => void session.reload()} />}
      <Menu position="top-start" withinPortal>
        <Menu.Target>
          <UnstyledButton data-testid="user-menu" aria-label={t('menu.user.label')}>
            <Group gap="xs" wrap="nowrap">
              <Avatar size="sm" name={name} variant="filled" color={avatarColor(user.id)} />
              {!collapsed && <Text size="sm" truncate>{name}</Text>}
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={cardPath(user)} leftSection={<IconUser size={14} />}>
            {t('menu.user.profile')}
          </Menu.Item>
          <Menu.Item component="a" href="/logout" leftSection={<IconLogout size={14} />} data-testid="logout">
            {t('menu.user.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {collapsed && <LanguageSwitcher compact onSwitched={() => void session.reload()} />}
    </Stack>
  );
}
