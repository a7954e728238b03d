// /crm/add (?type=company, ?company={id}): a new person or company with
// the fields a client starts with and a first phone and e-mail; a client
// type chosen adds the fields it shows on creation and requires; the rest
// is filled in on the card. Field errors show beside their fields, and
// clients the new one would duplicate above the button.
import { useEffect, useState } from 'react';
import { Alert, Button, Paper, SegmentedControl, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { cardPath } from '../../app/paths';
import { useUnsavedChanges } from '../../app/unsaved';
import type { TypeInfo } from '../../data/catalog';
import { errorFor, groupErrors, type ErrorGroup } from '../../data/errors';
import { saveEntity } from '../../data/hooks';
import { HttpError } from '../../data/transport';
import type { Entity } from '../../data/types';
import { FieldEdit } from '../../fields';
import { WithType } from '../entity/WithType';
import { creationFields, linkTo, useClientList } from './clientLists';
import { COMPANY, HUMAN, withEntry, type ContactEntry } from './contacts';
import { Duplicates } from './Duplicates';
import { WidgetSlot } from '../integration/widgets/WidgetSlot';

const FIELDS: Record<string, string[]> = {
  [HUMAN]: ['lastName', 'firstName', 'middleName', 'company', 'position'],
  [COMPANY]: ['name'],
};

/** firstContacts: the form's phone and e-mail as a contactInfo list (empty ones left out). */
export function firstContacts(phone: string, email: string): ContactEntry[] {
  let list: ContactEntry[] = [];
  if (phone.trim()) list = withEntry(list, 'phone', phone);
  if (email.trim()) list = withEntry(list, 'email', email);
  return list;
}

/** nameOf: the name the client will have, as the server derives a person's. */
export function nameOf(type: string, changes: Record<string, unknown>): string {
  const text = (k: string) => (typeof changes[k] === 'string' ? (changes[k] as string).trim() : '');
  if (type === COMPANY) return text('name');
  return ['lastName', 'firstName', 'middleName'].map(text).filter(Boolean).join(' ');
}

function ClientForm({ type, company }: { type: TypeInfo; company?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [changes, setChanges] = useState<Record<string, unknown>>(() => (company ? { company: { contentType: COMPANY, id: company } } : {}));
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<ErrorGroup>(() => groupErrors([]));
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<Entity | null>(null);
  const types = useClientList('type');
  const clientType = (changes.type as { id?: string } | undefined)?.id;
  const names = [...FIELDS[type.name], ...creationFields(types.find((i) => i.id === clientType), FIELDS[type.name])];
  const fields = names.flatMap((n) => type.fields.filter((f) => f.name === n));
  const dirty = !saved && (Object.keys(changes).length > (company ? 1 : 0) || phone !== '' || email !== '');
  useUnsavedChanges(dirty);
  // Leave once the form is clean, so the unsaved-changes guard lets us go.
  useEffect(() => {
    if (saved) navigate(cardPath({ contentType: saved.contentType, id: String(saved.id) }), { replace: true });
  }, [saved, navigate]);

  const submit = async () => {
    setSaving(true);
    try {
      const contacts = firstContacts(phone, email);
      setSaved(await saveEntity(type.name, undefined, contacts.length ? { ...changes, contactInfo: contacts } : changes));
    } catch (err) {
      const entries = err instanceof HttpError ? err.errors : [];
      setErrors(groupErrors(entries));
      const elsewhere = entries.filter((e) => !fields.some((f) => f.name === e.field));
      setFailure(elsewhere.length ? elsewhere.map((e) => e.message).join('\n') : entries.length ? undefined : errorText(err, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      data-testid="entity-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
          {types.length > 0 && (
            <Select label={t('crm.lists.type')} placeholder={t('crm.lists.none')} clearable value={clientType ?? null} disabled={saving}
              data={types.map((i) => ({ value: i.id, label: i.name }))} data-testid="client-add-type" error={errorFor(errors, 'type')}
              onChange={(v) =>
                setChanges(({ type: _, ...rest }) => (v ? { ...rest, type: linkTo('type', v) } : rest))
              } />
          )}
          {fields.map((f) => (
            <FieldEdit key={f.name} field={f} value={changes[f.name]} onChange={(v) => setChanges((c) => ({ ...c, [f.name]: v }))} error={errorFor(errors, f.name)} disabled={saving} />
          ))}
          <TextInput label={t('crm.add.phone')} value={phone} onChange={(e) => setPhone(e.currentTarget.value)} disabled={saving} data-testid="client-phone" />
          <TextInput label={t('crm.add.email')} value={email} onChange={(e) => setEmail(e.currentTarget.value)} disabled={saving} data-testid="client-email" />
        </SimpleGrid>
        <Duplicates name={nameOf(type.name, changes)} contacts={firstContacts(phone, email)} />
        {failure && (
          <Alert color="red" data-testid="client-form-error">
            {failure}
          </Alert>
        )}
        <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }} data-testid="save-button">
          {t('crm.add.create')}
        </Button>
      </Stack>
    </form>
  );
}

export default function ClientAddPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const company = params.get('company') ?? undefined;
  const kind = ['company', COMPANY.toLowerCase()].includes(params.get('type')?.toLowerCase() ?? '') ? COMPANY : HUMAN;
  return (
    <Stack gap="md" p="md" maw={900} data-testid="entity-form-page">
      <WidgetSlot placeholder="client_add" />
      <Title order={2}>{kind === COMPANY ? t('crm.add.companyTitle') : t('crm.add.personTitle')}</Title>
      {!company && (
        <SegmentedControl
          w="fit-content"
          value={kind}
          onChange={(v) => setParams(v === COMPANY ? { type: 'company' } : {}, { replace: true })}
          data={[
            { value: HUMAN, label: t('crm.kind.person') },
            { value: COMPANY, label: t('crm.kind.company') },
          ]}
          data-testid="client-add-kind"
        />
      )}
      <Paper withBorder p="md">
        <WithType contentType={kind}>{(type) => <ClientForm key={type.name} type={type} company={company} />}</WithType>
      </Paper>
    </Stack>
  );
}
