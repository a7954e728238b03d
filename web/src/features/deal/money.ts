// A Money value as a deal shows it: the amount with two decimals and its
// currency, grouped the Russian way (1 234,50 ₽ reads as 1 234.50 RUB).
export function money(v: unknown): string {
  const m = v as { value?: number; currency?: string } | null | undefined;
  if (!m || typeof m.value !== 'number') return '';
  const amount = m.value.toLocaleString('ru-RU', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
  return `${amount} ${m.currency === 'RUB' || !m.currency ? '₽' : m.currency}`;
}
