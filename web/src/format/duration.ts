// Durations (DateInterval, in seconds) as hours and minutes: "2 h 30 min".
import type { TFunction } from 'i18next';

export function splitDuration(seconds: number): { hours: number; minutes: number; seconds: number } {
  const s = Math.max(0, Math.floor(seconds));
  return { hours: Math.floor(s / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 };
}

export function formatDuration(seconds: number, t: TFunction): string {
  const d = splitDuration(seconds);
  const parts: string[] = [];
  if (d.hours) parts.push(t('format.duration.hours', { count: d.hours }));
  if (d.minutes) parts.push(t('format.duration.minutes', { count: d.minutes }));
  if (d.seconds && !d.hours) parts.push(t('format.duration.seconds', { count: d.seconds }));
  return parts.length ? parts.join(' ') : t('format.duration.minutes', { count: 0 });
}
