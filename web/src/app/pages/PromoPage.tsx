// /dashboard/promo: a short tour of the product for new users.
import { Button, Group, Stepper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function PromoPage() {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const steps = [
    { title: t('shell.promo.menuTitle'), text: t('shell.promo.menuText') },
    { title: t('shell.promo.tasksTitle'), text: t('shell.promo.tasksText') },
    { title: t('shell.promo.clientsTitle'), text: t('shell.promo.clientsText') },
    { title: t('shell.promo.helpTitle'), text: t('shell.promo.helpText') },
  ];
  const last = step === steps.length - 1;
  return (
    <Stack maw={720} data-testid="promo">
      <Title order={2}>{t('shell.promo.title')}</Title>
      <Stepper active={step} onStepClick={setStep}>
        {steps.map((s) => (
          <Stepper.Step key={s.title} label={s.title}>
            <Text py="md">{s.text}</Text>
          </Stepper.Step>
        ))}
      </Stepper>
      <Group>
        <Button variant="default" disabled={step === 0} onClick={() => setStep(step - 1)}>{t('shell.promo.back')}</Button>
        {last ? (
          <Button component={Link} to="/newdashboard">{t('shell.promo.done')}</Button>
        ) : (
          <Button onClick={() => setStep(step + 1)}>{t('shell.promo.next')}</Button>
        )}
      </Group>
    </Stack>
  );
}
