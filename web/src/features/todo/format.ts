// How a to-do's time reads: a day range for whole days, a day and hours otherwise.
import type { Span } from './when';

export function formatSpan(s: Span, lang: string): string {
  if (s.allDay) {
    const last = new Date(s.end.getFullYear(), s.end.getMonth(), s.end.getDate() - 1);
    const f = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'long' });
    return last > s.start ? f.formatRange(s.start, last) : f.format(s.start);
  }
  const f = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
  return f.formatRange(s.start, s.end);
}
