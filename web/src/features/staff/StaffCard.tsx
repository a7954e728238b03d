// /staff/{id}/card: the generic employee card with the staff actions an
// administrator has above it (dismissal through the firing wizard, the
// org chart), the employee's absences and the apps' widgets.
import { useEffect, useState } from 'react';
import { Button, Group } from '@mantine/core';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '../../app/areas/generic';
import { useSession } from '../../app/session';
import { useEntity } from '../../data/hooks';
import { useLiveEntity } from '../../data/realtime';
import { Absences } from './Absences';
import { staffApi } from './staffApi';
import { Structure } from './Structure';
import { WidgetSlot } from '../integration/widgets/WidgetSlot';

export default function StaffCard() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { isAdmin, currentUser } = useSession();
  const [working, setWorking] = useState<boolean | null>(null);
  useLiveEntity('Employee', id);
  // The card's record for the apps' widgets (the same store entry the card reads).
  const { entity: employee } = useEntity('Employee', id);
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
      <WidgetSlot placeholder="employee_card_info" entity={employee ?? null} />
      <Structure key={id} id={id} isAdmin={isAdmin} />
      <Absences id={id} canEdit={isAdmin || self} />
      <WidgetSlot placeholder="employee_card_block" entity={employee ?? null} />
      <Card contentType="Employee" id={id} />
      <WidgetSlot placeholder="employee_card_description" entity={employee ?? null} />
    </>
  );
}
