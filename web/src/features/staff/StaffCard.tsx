// /staff/{id}/card: the generic employee card with the staff actions an
// administrator has above it (dismissal through the firing wizard, the
// org chart) and the employee's absences.
import { useEffect, useState } from 'react';
import { Button, Group } from '@mantine/core';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '../../app/areas/generic';
import { useSession } from '../../app/session';
import { useLiveEntity } from '../../data/realtime';
import { Absences } from './Absences';
import { staffApi } from './staffApi';
import { Structure } from './Structure';

export default function StaffCard() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { isAdmin, currentUser } = useSession();
  const [working, setWorking] = useState<boolean | null>(null);
  useLiveEntity('Employee', id);
  useEffect(() => {
    if (isAdmin) staffApi.employee(id).then((e) => setWorking(e.isWorking !== false), () => setWorking(null));
  }, [id, isAdmin]);
  const self = String(currentUser.id) === id;
  return (
    <>
      {isAdmin && (
        <Group px="md" pt="sm" gap="xs">
          <Button component={RouterLink} to="/orgchart" variant="default" size="xs">{t('staff.org.title')}</Button>
          {working && !self && (
            <Button component={RouterLink} to={`/staff/${id}/fire`} color="red" variant="light" size="xs" data-testid="staff-fire-open">
              {t('staff.fire.open')}
            </Button>
          )}
        </Group>
      )}
      <Structure key={id} id={id} isAdmin={isAdmin} />
      <Absences id={id} canEdit={isAdmin || self} />
      <Card contentType="Employee" id={id} />
    </>
  );
}
