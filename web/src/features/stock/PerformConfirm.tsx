// Performing asks a confirmation with a "do not show again" option
// (spec 001 §4.4); the choice is kept in this browser.
import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const SKIP_KEY = 'artel.stock.skipPerformConfirm';

export function skipPerformConfirm(): boolean {
  try {
    return localStorage.getItem(SKIP_KEY) === '1';
  } catch {
    return false;
  }
}

export function PerformConfirm({ opened, onConfirm, onClose }: { opened: boolean; onConfirm(): void; onClose(): void }) {
  const { t } = useTranslation();
  const [dontShow, setDontShow] = useState(false);
  const confirm = () => {
    if (dontShow) {
      try {
        localStorage.setItem(SKIP_KEY, '1');
      } catch {
        // storage may be disabled; the question comes back next time
      }
    }
    onConfirm();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('stock.confirm.title')} data-testid="perform-confirm">
      <Text size="sm" mb="md">
        {t('stock.confirm.text')}
      </Text>
      <Checkbox label={t('stock.confirm.dontShow')} checked={dontShow} onChange={(e) => setDontShow(e.currentTarget.checked)} data-testid="perform-dont-show" />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('stock.confirm.cancel')}
        </Button>
        <Button color="green" onClick={confirm} data-testid="perform-confirm-ok">
          {t('stock.confirm.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
