// A client's requisites on the card: its payers (GET …/{id}/payers) and a
// short form adding one (POST …/{id}/payers); the rest of a payer's
// fields are changed on its own card.
import { useEffect, useState } from 'react';
import { Anchor, Button, Group, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { cardPath } from '../../app/paths';
import { api } from '../../data/api';
import { typeEndpoint } from '../../data/catalog';
import { groupErrors, errorFor } from '../../data/errors';
import { useList } from '../../data/hooks';
import { HttpError } from '../../data/transport';
import type { Entity } from '../../data/types';
import { countries, countryName, type Country } from './countries';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function PayersBlock({ client, editable }: { client: Entity; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const endpoint = `${typeEndpoint(client.contentType)}/${client.id}/payers`;
  const list = useList({ contentType: 'Payer', endpoint, fields: ['name', 'type', 'inn', 'kpp', 'country'] });
  const [kind, setKind] = useState('Legal');
  const [name, setName] = useState('');
  const [inn, setInn] = useState('');
  const [known, setKnown] = useState<Country[]>([]);
  const [country, setCountry] = useState<string | null>(null);
  useEffect(() => {
    void countries(i18n.language).then((l) => {
      setKnown(l);
      setCountry((c) => c ?? l.find((x) => x.isDefault)?.id ?? null);
    }, () => setKnown([]));
  }, [i18n.language]);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [saving, setSaving] = useState(false);

  const add = async () => {
    setSaving(true);
    try {
      const body = { contentType: 'Payer', type: kind, name: name.trim(), inn: inn.trim() || undefined, country: country ? { contentType: 'Country', id: country } : null };
      await api.post(endpoint, body);
      setName('');
      setInn('');
      setErrors({});
      list.reload();
    } catch (err) {
      const entries = err instanceof HttpError ? err.errors : [];
      const g = groupErrors(entries);
      const own = ['name', 'inn', 'country'];
      const other = entries.filter((e) => !own.includes(e.field ?? '')).map((e) => e.message);
      setErrors({ name: errorFor(g, 'name'), inn: errorFor(g, 'inn'), country: errorFor(g, 'country'), other: other.join('\n') || (entries.length ? undefined : errorText(err, t)) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="client-payers">
      <Title order={5}>{t('crm.payers.title')}</Title>
      {list.state === 'completed' && list.items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('crm.payers.none')}
        </Text>
      )}
      {list.items.map((p) => (
        <Group key={String(p.id)} gap="xs" data-testid="payer-row">
          <Anchor component={RouterLink} to={cardPath({ contentType: 'Payer', id: String(p.id) })} size="sm">
            {text(p.name) || t('crm.payers.unnamed')}
          </Anchor>
          <Text size="sm" c="dimmed">
            {p.type === 'Natural' ? t('crm.payers.natural') : t('crm.payers.legal')}
          </Text>
          {text(p.inn) && <Text size="sm">{t('crm.payers.innValue', { inn: text(p.inn) })}</Text>}
          {String((p.country as { id?: unknown } | null)?.id ?? '') !== (known.find((x) => x.isDefault)?.id ?? '1') && (
            <Text size="sm" c="dimmed" data-testid="payer-country-name">{countryName(known, p.country)}</Text>
          )}
        </Group>
      ))}
      {editable && (
        <form
          onSubmit={(ev) => {
            ev.preventDefault();
            void add();
          }}
        >
          <Group gap="xs" align="flex-start">
            <SegmentedControl
              value={kind}
              onChange={setKind}
              data={[
                { value: 'Legal', label: t('crm.payers.legal') },
                { value: 'Natural', label: t('crm.payers.natural') },
              ]}
            />
            <TextInput aria-label={t('crm.payers.name')} placeholder={t('crm.payers.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} data-testid="payer-name" />
            <TextInput aria-label={t('crm.payers.inn')} placeholder={t('crm.payers.inn')} value={inn} onChange={(e) => setInn(e.currentTarget.value)} error={errors.inn} w={160} data-testid="payer-inn" />
            <Select aria-label={t('crm.payers.country')} placeholder={t('crm.payers.country')} value={country} onChange={setCountry} error={errors.country} w={180}
              searchable allowDeselect={false} data={known.map((c) => ({ value: c.id, label: c.name }))} data-testid="payer-country" />
            <Button type="submit" variant="light" loading={saving} disabled={!name.trim()} data-testid="payer-add">
              {t('crm.payers.add')}
            </Button>
          </Group>
          {errors.other && (
            <Text size="sm" c="red" data-testid="payer-error">
              {errors.other}
            </Text>
          )}
        </form>
      )}
    </Stack>
  );
}
