// Generic screens need the catalogue's description of their type first.
import type { ReactNode } from 'react';
import { Alert, Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useCatalog, type TypeInfo } from '../../data/catalog';

export function WithType({ contentType, children }: { contentType: string; children(type: TypeInfo): ReactNode }) {
  const { t } = useTranslation();
  const { catalog, error } = useCatalog();
  if (error) return <Alert color="red" m="md">{errorText(error, t)}</Alert>;
  if (!catalog) {
    return (
      <Center h={200}>
        <Loader />
      </Center>
    );
  }
  const type = catalog.byName(contentType) ?? catalog.byEndpoint(contentType);
  if (!type) {
    return (
      <Alert color="yellow" m="md" data-testid="not-found">
        {t('entity.unknownType', { type: contentType })}
      </Alert>
    );
  }
  return <>{children(type)}</>;
}
