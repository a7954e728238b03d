// The user's default reminder for the to-dos they plan, kept in their
// settings (defaultReminders); the server gives it to each new to-do
// written without reminders of its own.
import { Select } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BEFORE_CHOICES, beforeLabel, loadDefaultBefore, saveDefaultBefore } from './reminders';

const NONE = 'none';

export default function DefaultReminder() {
  const { t } = useTranslation();
  const [value, setValue] = useState<string | null>(null);
  useEffect(() => {
    loadDefaultBefore().then((s) => setValue(s === null ? NONE : String(s)), () => setValue(NONE));
  }, []);
  const change = (v: string | null) => {
    const next = v ?? NONE;
    setValue(next);
    void saveDefaultBefore(next === NONE ? null : Number(next));
  };
  return (
    <Select
      size="xs"
      w={200}
      label={t('todo.remind.default')}
      disabled={value === null}
      allowDeselect={false}
      value={value}
      onChange={change}
      data={[{ value: NONE, label: t('todo.remind.none') }, ...BEFORE_CHOICES.map((s) => ({ value: String(s), label: beforeLabel(s, t) }))]}
      data-testid="todo-default-reminder"
    />
  );
}
