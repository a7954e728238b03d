// The integrations' calls (docs/integration.md): webhooks under /webhook,
// automation rules under /automation. Only administrators may call them.
import { api } from '../../data/api';
import { HttpError } from '../../data/transport';

export const EVENTS = ['on_after_create', 'on_after_update', 'on_after_drop'] as const;

export interface Webhook {
  id: string;
  url: string;
  secret: string;
  entityType: string;
  events: string[];
  isActive: boolean;
  failures: number;
  lastError: string;
  timeDisabled: { value: string } | null;
}

export interface Attempt {
  time: { value: string };
  code: number;
  error: string;
  durationMs: number;
}

export interface Delivery {
  id: string;
  event: string;
  subject: { contentType: string; id: string };
  status: 'pending' | 'done' | 'failed';
  attemptsCount: number;
  lastCode: number;
  lastError: string;
  timeCreated: { value: string };
  attempts: Attempt[];
}

export async function listWebhooks(): Promise<Webhook[]> {
  return (await api.get<Webhook[]>('webhook')).data;
}

export async function getWebhook(id: string): Promise<Webhook> {
  return (await api.get<Webhook>(`webhook/${id}`)).data;
}

/** saveWebhook creates (id null) or changes a webhook. */
export async function saveWebhook(id: string | null, body: Partial<Webhook>): Promise<Webhook> {
  return (await api.post<Webhook>(id ? `webhook/${id}` : 'webhook', body)).data;
}

export async function dropWebhook(id: string): Promise<void> {
  await api.delete(`webhook/${id}`);
}

export async function listDeliveries(id: string): Promise<Delivery[]> {
  return (await api.get<Delivery[]>(`webhook/${id}/deliveries`)).data;
}

export const TRIGGERS = ['create', 'update', 'field', 'schedule'] as const;
export const ACTIONS = ['createTask', 'createTodo', 'setField', 'notify', 'webhook', 'moveDeal'] as const;

export interface Action {
  type: (typeof ACTIONS)[number];
  name?: string;
  inDays?: number;
  field?: string;
  value?: unknown;
  text?: string;
  webhook?: string;
  template?: string;
  state?: string;
}

export interface Automation {
  id: string;
  name: string;
  entityType: string;
  enabled: boolean;
  trigger: { type: (typeof TRIGGERS)[number]; fields: string[]; everyMinutes: number };
  filter: unknown;
  actions: Action[];
  timeNextRun: { value: string } | null;
}

export interface Run {
  id: string;
  status: 'ok' | 'failed';
  message: string;
  subject: { contentType: string; id: string } | null;
  date: { value: string };
  actions: string[];
  actionsCount: number;
}

export async function listAutomations(): Promise<Automation[]> {
  return (await api.get<Automation[]>('automation')).data;
}

export async function getAutomation(id: string): Promise<Automation> {
  return (await api.get<Automation>(`automation/${id}`)).data;
}

export async function saveAutomation(id: string | null, body: Partial<Automation>): Promise<Automation> {
  return (await api.post<Automation>(id ? `automation/${id}` : 'automation', body)).data;
}

export async function dropAutomation(id: string): Promise<void> {
  await api.delete(`automation/${id}`);
}

export async function listRuns(id: string): Promise<Run[]> {
  return (await api.get<Run[]>(`automation/${id}/history`)).data;
}

/** nameContains is the list filter "name contains text", the simple condition the editor offers. */
export function nameContains(text: string): unknown {
  return {
    contentType: 'FilterConfig',
    termGroup: { join: 'and', terms: [{ contentType: 'FilterTermString', field: 'name', comparison: 'contains', value: text }] },
  };
}

/** errorText is the message of a failed call: the API's field errors when it gave them. */
export function errorText(e: unknown): string {
  if (e instanceof HttpError && e.errors.length) {
    return e.errors.map((x) => (x.field ? `${x.field}: ` : '') + x.message).join('; ');
  }
  return e instanceof Error ? e.message : String(e);
}
