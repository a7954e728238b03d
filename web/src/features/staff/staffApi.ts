// The staff area's calls (docs/people.md): what a dismissal would hand
// over, the dismissal as a background job and its progress, and the
// department tree the org chart draws.
import { api } from '../../data/api';
import type { Entity, Link } from '../../data/types';

/** The areas a dismissal names one replacement for, in screen order. */
export const AREAS = ['tasks', 'clients', 'deals', 'todos', 'documents', 'other'] as const;
export type Area = (typeof AREAS)[number];

const AREA_OF: Record<string, Area> = {
  Task: 'tasks', Project: 'tasks', Milestone: 'tasks',
  ContractorHuman: 'clients', ContractorCompany: 'clients',
  Deal: 'deals', Todo: 'todos', DocRights: 'documents',
  ProgramTransition: 'deals', ProgramTrigger: 'deals',
};

/** areaOf is the area of a "Type.field" role key, as the server groups them. */
export const areaOf = (role: string): Area => AREA_OF[role.split('.')[0]] ?? 'other';

export interface FireInfo {
  roles: Record<string, number>;
  department: string | null;
}

export interface FireReport {
  moved: Record<string, number>;
  byArea: Record<string, number>;
  failures: { contentType: string; id: string; error: string }[];
}

export interface FireJob {
  id: string;
  state: 'running' | 'done';
  total: number;
  done: number;
  failed: number;
  report: FireReport | null;
}

export const emp = (id: string): Link => ({ contentType: 'Employee', id });

/** The absence types the server keeps (internal/module/staff/absences.go). */
export const ABSENCE_TYPES = ['vacation', 'sick', 'trip'] as const;
export type AbsenceType = (typeof ABSENCE_TYPES)[number];

export interface DateOnly {
  contentType: 'DateOnly';
  year: number;
  month: number; // 0-based, as the API counts
  day: number;
}

/** isoDay turns an API DateOnly into "YYYY-MM-DD"; "" for anything else. */
export function isoDay(v: unknown): string {
  const d = v as DateOnly | null;
  if (!d || typeof d !== 'object' || typeof d.year !== 'number') return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.year}-${p(d.month + 1)}-${p(d.day)}`;
}

/** dateOnly turns "YYYY-MM-DD" into the API's DateOnly. */
export function dateOnly(iso: string): DateOnly {
  const [y, m, d] = iso.split('-').map(Number);
  return { contentType: 'DateOnly', year: y, month: m - 1, day: d };
}

export interface HolidayDay {
  id: string;
  date: DateOnly;
  holiday: { id: string; name: string } | null;
}

export const staffApi = {
  employee: async (id: string) => (await api.get<Entity>(`employee/${id}`)).data,
  working: async () => ((await api.get<Entity[]>('employee', { limit: 1000 })).data ?? []).filter((e) => e.isWorking !== false),
  prepareFire: async (id: string) => (await api.get<FireInfo>(`employee/${id}/prepareFire`, undefined, { batch: false })).data,
  fire: async (id: string, areas: Partial<Record<Area, Link | null>>) =>
    (await api.post<FireJob>(`employee/${id}/fireJob`, { areas })).data,
  /** retry runs a finished job's failures again, with the same plan. */
  retry: async (id: string) => (await api.post<FireJob>(`fireJob/${id}/retry`, {})).data,
  job: async (id: string) => (await api.get<FireJob>(`fireJob/${id}`, undefined, { batch: false })).data,
  departments: async () => (await api.get<Entity[]>('department', { limit: 1000 })).data ?? [],
  /** posts are every DepartmentVacancy: heads (isHead) and vacant posts (no employee). */
  posts: async () => (await api.get<Entity[]>('departmentVacancy', { limit: 1000 })).data ?? [],
  moveDepartment: (id: string, parent: Link | null) => api.post(`department/${id}`, { parent }),
  moveEmployee: (id: string, department: Link | null) => api.post(`employee/${id}`, { department }),
  addDepartment: (name: string, parent: string | null) =>
    api.post<Entity>('department', { name, parent: parent ? { contentType: 'Department', id: parent } : null }),
  renameDepartment: (id: string, name: string) => api.post(`department/${id}`, { name }),
  /** setHead puts who (or nobody) on the department's head post, making the post if it has none. */
  setHead: (dept: string, post: string | null, who: string | null) =>
    post
      ? api.post(`departmentVacancy/${post}`, { employee: who ? emp(who) : null })
      : who
        ? api.post('departmentVacancy', { department: { contentType: 'Department', id: dept }, employee: emp(who), isHead: true })
        : Promise.resolve(),
  addVacancy: (dept: string) => api.post('departmentVacancy', { department: { contentType: 'Department', id: dept } }),
  dropPost: (id: string) => api.delete(`departmentVacancy/${id}`),
  birthdays: async (daysCount: number) => (await api.get<Entity[]>('employee/birthdays', { daysCount }, { batch: false })).data ?? [],
  absences: async (id: string) => (await api.get<Entity[]>(`employee/${id}/vacations`, undefined, { batch: false })).data ?? [],
  addAbsence: (id: string, type: AbsenceType, firstDay: string, lastDay: string) =>
    api.post<Entity>('vacation', { employee: emp(id), type, firstDay: dateOnly(firstDay), lastDay: dateOnly(lastDay) }),
  dropAbsence: (id: string) => api.delete(`vacation/${id}`),
  allAbsences: async () => (await api.get<Entity[]>('vacation', { limit: 500 }, { batch: false })).data ?? [],
  holidayDays: async (year: number) => (await api.get<HolidayDay[]>('holidayDay', { year }, { batch: false })).data ?? [],
  addHolidayDay: (day: string, name: string) =>
    api.post<HolidayDay>('holidayDay', { date: dateOnly(day), holiday: name.trim() ? { contentType: 'Holiday', name: name.trim() } : null }),
  dropHolidayDay: (id: string) => api.delete(`holidayDay/${id}`),
};
