// The generic create form (and, given an id, the edit form) of any type.
import { useCallback } from 'react';
import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cardPath } from '../../app/paths';
import { errorText } from '../../app/errors/errorText';
import type { TypeInfo } from '../../data/catalog';
import { useEntity } from '../../data/hooks';
import type { Entity } from '../../data/types';
import { displayName } from '../../format/displayName';
import { EntityForm } from './EntityForm';
import { useFormExtras } from './extraFields';
import { WithType } from './WithType';

export interface EntityFormPageProps {
  contentType: string;
  id?: string;
}

function FormScreen({ type, id }: { type: TypeInfo; id?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { entity, state, error } = useEntity(type.name, id);
  const onSaved = useCallback((saved: Entity) => navigate(cardPath(saved), { replace: !id }), [navigate, id]);
  const onCancel = useCallback(() => navigate(-1), [navigate]);
  const extras = useFormExtras(type);
  if (id && !entity) {
    if (state === 'error') return <Alert color="red" m="md">{errorText(error, t)}</Alert>;
    return (
      <Center h={200}>
        <Loader />
      </Center>
    );
  }
  return (
    <Stack gap="md" p="md" data-testid="entity-form-page">
      <Title order={2}>{entity ? displayName(entity, t, type.label) : t('entity.form.newTitle', { type: type.label })}</Title>
      <EntityForm type={type} entity={entity} onSaved={onSaved} onCancel={onCancel} extras={extras} />
    </Stack>
  );
}

export default function EntityFormPage({ contentType, id }: EntityFormPageProps) {
  return <WithType contentType={contentType}>{(type) => <FormScreen key={`${type.name}:${id ?? 'new'}`} type={type} id={id} />}</WithType>;
}
