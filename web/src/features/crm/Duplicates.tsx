// The create form's warning: clients this one would duplicate (same phone
// however written, e-mail or name), asked as the user types.
import { useEffect, useState } from 'react';
import { Alert, Anchor, Group } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cardPath } from '../../app/paths';
import { api } from '../../data/api';
import type { Entity } from '../../data/types';
import { displayName } from '../../format/displayName';
import type { ContactEntry } from './contacts';

export function Duplicates({ name, contacts }: { name: string; contacts: ContactEntry[] }) {
  const { t } = useTranslation();
  const [query] = useDebouncedValue(JSON.stringify({ name: name.trim(), contactInfo: contacts }), 500);
  const [found, setFound] = useState<Entity[]>([]);
  useEffect(() => {
    const q = JSON.parse(query) as { name: string; contactInfo: ContactEntry[] };
    if (!q.name && q.contactInfo.length === 0) {
      setFound([]);
      return;
    }
    let live = true;
    api.get<Entity[]>('contractor/possibleDuplicates', { ...q, fields: ['name', 'firstName', 'lastName'] }).then(
      (env) => live && setFound(Array.isArray(env.data) ? env.data : []),
      // A hint only: the form works without it.
      (err: unknown) => console.warn('artel: duplicates not checked', err),
    );
    return () => {
      live = false;
    };
  }, [query]);
  if (found.length === 0) return null;
  return (
    <Alert color="yellow" title={t('crm.add.duplicates')} data-testid="client-duplicates">
      <Group gap="sm">
        {found.map((c) => (
          <Anchor key={`${c.contentType}:${c.id}`} component={RouterLink} to={cardPath({ contentType: c.contentType, id: String(c.id) })} size="sm" target="_blank">
            {displayName(c, t)}
          </Anchor>
        ))}
      </Group>
    </Alert>
  );
}
