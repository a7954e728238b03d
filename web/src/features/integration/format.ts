import dayjs from 'dayjs';

/** formatTime shows an API DateTime as the day and time, to the second. */
export function formatTime(iso: string): string {
  return dayjs(iso).format('DD.MM.YYYY HH:mm:ss');
}
