// The calendar's account settings (system settings of scope "calendar",
// written by an administrator): the first day of the week (ISO 1 Monday
// to 7 Sunday; Monday when unset) and working hours, which the calendar
// marks ({"from":"09:00","to":"18:00","days":[1,2,3,4,5]} by default).
import { api } from '../../data/api';

export interface CalendarSettings {
  /** FullCalendar's firstDay: 0 Sunday to 6 Saturday. */
  firstDay: number;
  businessHours: { daysOfWeek: number[]; startTime: string; endTime: string };
}

export const DEFAULT_SETTINGS: CalendarSettings = {
  firstDay: 1,
  businessHours: { daysOfWeek: [1, 2, 3, 4, 5], startTime: '09:00', endTime: '18:00' },
};

const time = /^([01]\d|2[0-3]):[0-5]\d$/;

/** calendarSettings reads the settings' stored values, keeping the defaults for anything unreadable. */
export function calendarSettings(list: { id?: string; value?: unknown }[]): CalendarSettings {
  const out: CalendarSettings = { firstDay: DEFAULT_SETTINGS.firstDay, businessHours: { ...DEFAULT_SETTINGS.businessHours } };
  for (const s of list) {
    if (s.id === 'weekStart' && Number.isInteger(s.value) && (s.value as number) >= 1 && (s.value as number) <= 7) {
      out.firstDay = (s.value as number) % 7;
    }
    if (s.id === 'workingHours' && s.value && typeof s.value === 'object') {
      const v = s.value as { from?: unknown; to?: unknown; days?: unknown };
      if (typeof v.from === 'string' && typeof v.to === 'string' && time.test(v.from) && time.test(v.to) && v.from < v.to) {
        out.businessHours.startTime = v.from;
        out.businessHours.endTime = v.to;
      }
      if (Array.isArray(v.days) && v.days.every((d) => Number.isInteger(d) && d >= 1 && d <= 7)) {
        out.businessHours.daysOfWeek = (v.days as number[]).map((d) => d % 7);
      }
    }
  }
  return out;
}

/** loadCalendarSettings asks the account for them. */
export async function loadCalendarSettings(): Promise<CalendarSettings> {
  const r = await api.get<{ id?: string; value?: unknown }[]>('systemSetting/calendar');
  return calendarSettings(Array.isArray(r.data) ? r.data : []);
}
