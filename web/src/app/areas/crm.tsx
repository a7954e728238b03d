// Clients (spec 000 §2 Clients): people and companies are two types, the
// list and the card choose by ?type=.
import { SegmentedControl, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { savedFilter } from '../mapping/filters';
import { Card, List } from './generic';

const COMPANY = 'ContractorCompany';
const HUMAN = 'ContractorHuman';

function clientType(type: string | null): string {
  return type === COMPANY || type?.toLowerCase() === 'company' ? COMPANY : HUMAN;
}

export function ClientListRoute() {
  const { t } = useTranslation();
  const { filterId } = useParams();
  const [params, setParams] = useSearchParams();
  const type = clientType(params.get('type'));
  return (
    <Stack gap="sm">
      <SegmentedControl
        w="fit-content"
        value={type}
        onChange={(v) => setParams(v === COMPANY ? { type: COMPANY } : {})}
        data={[
          { value: HUMAN, label: t('shell.crm.people') },
          { value: COMPANY, label: t('shell.crm.companies') },
        ]}
        data-testid="client-type"
      />
      <List contentType={type} filter={savedFilter('CrmFilter', filterId)} />
    </Stack>
  );
}

export function ClientCardRoute() {
  const { id } = useParams();
  const [params] = useSearchParams();
  return id ? <Card contentType={clientType(params.get('type'))} id={id} /> : null;
}
