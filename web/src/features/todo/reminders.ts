// Reminders as the card and the calendar settings write them: a
// Reminder over the "web" transport (notifications and the live socket)
// some seconds before the start (docs/todo.md, "Reminders").
import type { TFunction } from 'i18next';
import { api } from '../../data/api';
import type { Entity } from '../../data/types';
import { fetchTodo } from './todoApi';

/** DEFAULT_SETTING is the user setting of the reminders new to-dos get. */
const DEFAULT_SETTING = 'defaultReminders';

export interface Reminder {
  contentType: 'Reminder';
  transport: string;
  timeBefore?: { contentType: 'DateInterval'; value: number };
  recipient?: unknown;
  isActive?: boolean;
}

/** BEFORE_CHOICES are the offered times before, in seconds: at the start up to a day. */
export const BEFORE_CHOICES = [0, 300, 900, 1800, 3600, 7200, 86400];

/** beforeLabel says a time before in words: "15 minutes before", "At the start". */
export function beforeLabel(seconds: number, t: TFunction): string {
  if (seconds <= 0) return t('todo.remind.atStart');
  if (seconds % 86400 === 0) return t('todo.remind.days', { count: seconds / 86400 });
  if (seconds % 3600 === 0) return t('todo.remind.hours', { count: seconds / 3600 });
  return t('todo.remind.minutes', { count: Math.round(seconds / 60) });
}

/** saveReminders replaces a to-do's reminders, then reads it again for its card. */
export async function saveReminders(id: string, list: Reminder[]): Promise<Entity> {
  await api.post<Entity>(`todo/${id}`, { contentType: 'Todo', reminders: list });
  return fetchTodo(id);
}

/** loadDefaultBefore reads the user's default to-do reminder. */
export async function loadDefaultBefore(): Promise<number | null> {
  const r = await api.get<{ id?: string; value?: unknown }[] | { value?: unknown }>(`userSetting/${DEFAULT_SETTING}`);
  const item = Array.isArray(r.data) ? r.data[0] : r.data;
  return defaultBefore(item?.value);
}

/** saveDefaultBefore sets it; to-dos the user creates from now on get it. */
export async function saveDefaultBefore(seconds: number | null): Promise<void> {
  await api.post('userSetting', { id: DEFAULT_SETTING, value: defaultSetting(seconds) });
}

/** defaultBefore reads the user's default to-do reminder (seconds before), null for none. */
export function defaultBefore(setting: unknown): number | null {
  if (!Array.isArray(setting)) return null;
  const d = setting.find((x) => x && typeof x === 'object' && (x as { type?: string }).type === 'todo') as
    | { reminder?: { timeBefore?: { value?: unknown } } }
    | undefined;
  const v = d?.reminder?.timeBefore?.value;
  return typeof v === 'number' ? v : null;
}

/** defaultSetting is the defaultReminders value for a to-do default (null: none). */
export function defaultSetting(seconds: number | null): unknown[] {
  if (seconds === null) return [];
  return [{ contentType: 'DefaultReminder', type: 'todo', reminder: { contentType: 'Reminder', transport: 'web', timeBefore: { contentType: 'DateInterval', value: seconds } } }];
}
