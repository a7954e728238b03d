// A client's type and status on its card: each picked from the account's
// list and saved at once; an administrator keeps the lists at
// /settings/crm/lists.
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { saveEntity } from '../../data/hooks';
import type { Entity, Link } from '../../data/types';
import { linkTo, useClientList, type ListKind } from './clientLists';

function ListField({ client, kind, editable }: { client: Entity; kind: ListKind; editable: boolean }) {
  const { t } = useTranslation();
  const items = useClientList(kind);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const current = (client[kind] as Link | null | undefined)?.id;
  const value = current === undefined || current === null ? null : String(current);
  const change = async (id: string | null) => {
    setSaving(true);
    try {
      await saveEntity(client.contentType, String(client.id), { [kind]: id ? linkTo(kind, id) : null });
      setError(undefined);
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Select
      label={t(`crm.lists.${kind}`)}
      placeholder={t('crm.lists.none')}
      data={items.map((i) => ({ value: i.id, label: i.name }))}
      value={value}
      onChange={(v) => void change(v)}
      clearable
      disabled={!editable || saving}
      error={error}
      data-testid={`client-${kind}`}
    />
  );
}

export function ClientListFields({ client, editable }: { client: Entity; editable: boolean }) {
  return (
    <>
      <ListField client={client} kind="type" editable={editable} />
      <ListField client={client} kind="status" editable={editable} />
    </>
  );
}
