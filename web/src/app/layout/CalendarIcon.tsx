// The calendar menu icon: a sheet showing today's month and day.
import { useTranslation } from 'react-i18next';
import { useNow } from './ClockIcon';

export function CalendarIcon({ size = 20 }: { size?: number }) {
  const now = useNow(60_000);
  const { i18n } = useTranslation();
  const month = new Intl.DateTimeFormat(i18n.language, { month: 'short' }).format(now).replace('.', '').slice(0, 3);
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden data-testid="calendar-icon">
      <rect x="2.5" y="3.5" width="19" height="18" rx="2.5" fill="none" stroke="currentColor" strokeWidth={1.6} />
      <path d="M2.5 6a2.5 2.5 0 0 1 2.5-2.5h14A2.5 2.5 0 0 1 21.5 6v3h-19z" fill="currentColor" />
      <text x="12" y="8" textAnchor="middle" fontSize="4.6" fontWeight={700} fill="var(--mantine-color-body, #fff)" style={{ textTransform: 'uppercase' }}>
        {month}
      </text>
      <text x="12" y="18.5" textAnchor="middle" fontSize="9" fontWeight={700} fill="currentColor">
        {now.getDate()}
      </text>
    </svg>
  );
}
