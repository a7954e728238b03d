// What a card shows before its entity is there: the not-found page for a
// 404 (nobody learns whether a hidden entity exists), the error, or a loader.
import { Alert, Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { NotFoundPage } from '../../app/pages/NotFoundPage';
import type { LoadState } from '../../data/types';
import { HttpError } from '../../data/transport';

export function EntityPending({ state, error }: { state: LoadState; error: unknown }) {
  const { t } = useTranslation();
  if (error instanceof HttpError && error.status === 404) return <NotFoundPage />;
  if (state === 'error') return <Alert color="red" m="md">{errorText(error, t)}</Alert>;
  return (
    <Center h={200}>
      <Loader />
    </Center>
  );
}
