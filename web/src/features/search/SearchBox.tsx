// The search box of the main menu: Enter opens the search page for the
// words typed; a collapsed menu shows a button to the page instead.
import { ActionIcon, TextInput, Tooltip } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

export function SearchBox({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  if (collapsed) {
    return (
      <Tooltip label={t('search.box.label')} position="right">
        <ActionIcon component={Link} to="/search" variant="subtle" mx="auto" mb="xs" aria-label={t('search.box.label')} data-testid="shell-search-open">
          <IconSearch size={18} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const q = text.trim();
        if (q) navigate(`/search?${new URLSearchParams({ q })}`);
      }}
    >
      <TextInput value={text} onChange={(e) => setText(e.currentTarget.value)} placeholder={t('search.box.placeholder')}
        aria-label={t('search.box.label')} leftSection={<IconSearch size={14} />} size="xs" px="sm" pb="xs" data-testid="shell-search" />
    </form>
  );
}
