// /crm/{id}/card: a person's or a company's card. Fields change in place,
// contact info is edited as a list, a company lists its people, and the
// client is dropped, restored or deleted forever; its requisites are
// listed and added, its possible duplicates shown and merged into it,
// its type, status and price list picked, its deals, tasks, invoices and to-dos listed (a to-do added), a person's guest access
// switched, and the journal of its changes shown (docs/crm.md).
import { useCallback, useEffect, useState } from 'react';
import { Anchor, Badge, Button, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { LoadingScreen } from '../../app/pages/LoadingScreen';
import { cardPath } from '../../app/paths';
import { useUnsavedChanges } from '../../app/unsaved';
import type { TypeInfo } from '../../data/catalog';
import { useEntity, useList } from '../../data/hooks';
import { WidgetSlot } from '../integration/widgets/WidgetSlot';
import type { Entity, Link } from '../../data/types';
import { cardFields, useClientList } from './clientLists';
import { displayName } from '../../format/displayName';
import { can } from '../../format/rights';
import { EntityPending } from '../entity/EntityPending';
import { WithType } from '../entity/WithType';
import { CommentFeed } from '../comments';
import { EntityMail } from '../discuss/EntityMail';
import { HistoryBlock } from '../task/HistoryBlock';
import { InlineField } from '../task/InlineField';
import { clientType, deleteForever, drop, restore } from './clientApi';
import { COMPANY, HUMAN } from './contacts';
import { ClientListFields } from './ClientListFields';
import { ContactInfoBlock } from './ContactInfoBlock';
import { DuplicatesBlock } from './DuplicatesBlock';
import { FiguresBlock } from './FiguresBlock';
import { GuestAccessBlock } from './GuestAccessBlock';
import { LinkedBlock } from './LinkedBlock';
import { PayersBlock } from './PayersBlock';
import { PriceListSelect } from '../stock/PriceListSelect';
import { TodosBlock } from './TodosBlock';

const HUMAN_FIELDS = ['lastName', 'firstName', 'middleName', 'company', 'position', 'gender', 'birthday', 'responsibles', 'description'];
const COMPANY_FIELDS = ['responsibles', 'birthday', 'description'];

function People({ company }: { company: Entity }) {
  const { t } = useTranslation();
  const list = useList({ contentType: HUMAN, endpoint: `contractorCompany/${company.id}/contacts`, fields: ['name', 'firstName', 'lastName', 'position'] });
  return (
    <Stack gap="xs" data-testid="client-people">
      <Group justify="space-between">
        <Title order={5}>{t('crm.card.people')}</Title>
        <Button component={RouterLink} to={`/crm/add?company=${company.id}`} size="xs" variant="light" leftSection={<IconPlus size={14} />} data-testid="client-add-person-here">
          {t('crm.add.person')}
        </Button>
      </Group>
      {list.state === 'completed' && list.items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('crm.card.noPeople')}
        </Text>
      )}
      {list.items.map((p) => (
        <Group key={String(p.id)} gap="xs">
          <Anchor component={RouterLink} to={cardPath({ contentType: HUMAN, id: String(p.id) })} size="sm">
            {displayName(p, t)}
          </Anchor>
          {typeof p.position === 'string' && (
            <Text size="sm" c="dimmed">
              {p.position}
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}

function Actions({ entity }: { entity: Entity }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const link = { contentType: entity.contentType, id: String(entity.id) };
  const dropped = entity.isDropped === true;
  const run = (work: () => Promise<void>, after?: () => void) =>
    work().then(after, (err: unknown) => notifications.show({ color: 'red', title: t('crm.card.failed'), message: errorText(err, t) }));
  if (!can(entity, 'remove')) return null;
  if (!dropped) {
    return (
      <Button variant="default" color="red" onClick={() => void run(() => drop(link))} data-testid="client-drop">
        {t('crm.card.drop')}
      </Button>
    );
  }
  const confirm = () =>
    modals.openConfirmModal({
      title: t('crm.card.deleteTitle'),
      children: <Text size="sm">{t('crm.card.deleteText', { name: displayName(entity, t) })}</Text>,
      labels: { confirm: t('crm.card.delete'), cancel: t('crm.card.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'client-delete-confirm' } as Record<string, unknown>,
      onConfirm: () => void run(() => deleteForever(link), () => navigate('/crm/filter/dropped')),
    });
  return (
    <Group gap="xs">
      <Button variant="light" onClick={() => void run(() => restore(link))} data-testid="client-restore">
        {t('crm.card.restore')}
      </Button>
      <Button variant="default" color="red" onClick={confirm} data-testid="client-delete">
        {t('crm.card.delete')}
      </Button>
    </Group>
  );
}

function ClientCard({ type, id }: { type: TypeInfo; id: string }) {
  const { t } = useTranslation();
  const { entity, state, error } = useEntity(type.name, id);
  const types = useClientList('type');
  const [dirty, setDirty] = useState<Record<string, boolean>>({});
  const onDirty = useCallback((name: string, d: boolean) => setDirty((prev) => (!!prev[name] === d ? prev : { ...prev, [name]: d })), []);
  useUnsavedChanges(Object.values(dirty).some(Boolean));
  if (!entity) return <EntityPending state={state} error={error} />;

  const company = type.name === COMPANY;
  const nameField = company ? type.fields.find((f) => f.name === 'name') : undefined;
  // The client type may pin fields first and show more (docs/crm.md).
  const clientType = types.find((i) => i.id === String((entity.type as Link | null | undefined)?.id ?? ''));
  const names = cardFields(clientType, company ? COMPANY_FIELDS : HUMAN_FIELDS);
  const fields = names.flatMap((n) => type.fields.filter((f) => f.name === n));
  const title = <Title order={2} data-testid="entity-title">{displayName(entity, t)}</Title>;
  return (
    <Stack gap="md" p="md" data-testid="entity-card" data-id={id}>
      <WidgetSlot placeholder="client_card_top" entity={entity} />
      <Group justify="space-between" align="flex-start">
        <Stack gap={6}>
          <Group gap="xs">
            <Badge variant="light" color={company ? 'grape' : 'blue'}>
              {company ? t('crm.kind.company') : t('crm.kind.person')}
            </Badge>
            {entity.isDropped === true && (
              <Badge color="red" data-testid="client-dropped">
                {t('crm.card.dropped')}
              </Badge>
            )}
          </Group>
          {nameField ? <InlineField bare entity={entity} field={nameField} onDirty={onDirty} view={title} /> : title}
        </Stack>
        <Actions entity={entity} />
      </Group>
      <DuplicatesBlock client={entity} mayMerge={can(entity, 'edit')} />
      <FiguresBlock entity={entity} />
      <ContactInfoBlock entity={entity} editable={can(entity, 'edit')} />
      <Divider />
      <PayersBlock client={entity} editable={can(entity, 'edit')} />
      <WidgetSlot placeholder="client_card_block" entity={entity} />
      <Divider />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="sm">
        <ClientListFields client={entity} editable={can(entity, 'edit')} />
        <PriceListSelect entity={entity} editable={can(entity, 'edit')} testId="client-price-list" />
        {fields.map((f) => (
          <InlineField key={f.name} entity={entity} field={f} onDirty={onDirty} />
        ))}
      </SimpleGrid>
      {company ? (
        <>
          <Divider />
          <People company={entity} />
        </>
      ) : (
        <>
          <Divider />
          <GuestAccessBlock person={entity} editable={can(entity, 'edit')} />
        </>
      )}
      <Divider />
      <LinkedBlock client={entity} />
      <Divider />
      <TodosBlock client={entity} />
      <Divider />
      <EntityMail entity={{ contentType: entity.contentType, id: String(entity.id) }} />
      <WidgetSlot placeholder="client_card_tabs" entity={entity} />
      <Divider />
      <CommentFeed subject={{ contentType: entity.contentType, id: String(entity.id) }} />
      <Divider />
      <HistoryBlock type={type} entity={entity} />
    </Stack>
  );
}

/** ClientCardPage: the card of a client; without a known type, /contractor/{id} says which. */
export default function ClientCardPage({ id, contentType }: { id: string; contentType?: string }) {
  const [type, setType] = useState<string | undefined>(contentType);
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    if (contentType) return;
    let live = true;
    clientType(id).then(
      (found) => live && setType(found),
      (err: unknown) => live && setError(err),
    );
    return () => {
      live = false;
    };
  }, [id, contentType]);
  if (error) return <EntityPending state="error" error={error} />;
  if (!type) return <LoadingScreen inline />;
  return <WithType contentType={type}>{(info) => <ClientCard key={`${info.name}:${id}`} type={info} id={id} />}</WithType>;
}
