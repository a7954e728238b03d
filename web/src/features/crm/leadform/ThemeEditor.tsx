// A lead form's look on its public page (FormTheme, docs/crm.md "Lead
// forms"): colours, width, alignment, rounding, margins and the space
// between fields. A property left empty keeps the page's own look.
import { ColorInput, Group, NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { THEME_COLORS, THEME_SIZES, type Theme } from './theme';

export default function ThemeEditor({ theme, onChange }: { theme: Theme; onChange: (t: Theme) => void }) {
  const { t } = useTranslation();
  const set = (k: keyof Theme, v: Theme[keyof Theme]) => onChange({ ...theme, [k]: v });
  return (
    <Stack gap="xs" data-testid="lead-form-theme">
      <Title order={4}>{t('crm.leadForm.theme.title')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {THEME_COLORS.map((k) => (
          <ColorInput key={k} label={t(`crm.leadForm.theme.${k}`)} value={(theme[k] as string | undefined) ?? ''} format="hex"
            onChange={(v) => set(k, v || undefined)} data-testid={`lead-form-theme-${k}`} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        {THEME_SIZES.map(([k, min, max]) => (
          <NumberInput key={k} label={t(`crm.leadForm.theme.${k}`)} min={min} max={max} allowDecimal={false} suffix=" px"
            disabled={k === 'containerWidth' && !!theme.fullWidth} value={(theme[k] as number | undefined) ?? ''}
            onChange={(v) => set(k, typeof v === 'number' ? v : undefined)} data-testid={`lead-form-theme-${k}`} />
        ))}
      </SimpleGrid>
      <Group>
        <Switch label={t('crm.leadForm.theme.fullWidth')} checked={!!theme.fullWidth} onChange={(e) => set('fullWidth', e.currentTarget.checked)} />
        <Text size="sm">{t('crm.leadForm.theme.align')}</Text>
        <SegmentedControl size="xs" value={theme.align ?? 'center'} onChange={(v) => set('align', v as Theme['align'])}
          data={(['left', 'center', 'right'] as const).map((v) => ({ value: v, label: t(`crm.leadForm.theme.${v}`) }))} />
      </Group>
    </Stack>
  );
}
