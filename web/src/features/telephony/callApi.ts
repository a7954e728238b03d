// The telephony calls (docs/telephony.md): the spec's /BumsCall/Call/*.json
// and the area's /api/v3 routes.
import { api } from '../../data/api';
import type { CallInfo } from './callState';

export interface CallerCard {
  person: { contentType: string; id: string; name?: string } | null;
  phone: string;
  deals: { contentType: string; id: string; name?: string }[];
  tasks: { contentType: string; id: string; name?: string }[];
}

export interface TelephonySettings {
  provider: string;
  providers: string[];
  secret: string;
  eventsPath: string;
  commandsPath: string;
}

const call = <T>(action: string, body: unknown) => api.post<T>(`/BumsCall/Call/${action}.json`, body).then((r) => r.data);

export const findPerson = (phone: string) => call<CallerCard>('findPersonByPhone', { phone });
export const initCall = (toPhone: string) => call<{ result: { callId: string }; callInfo: CallInfo }>('initCall', { callInfo: { toPhone } });
export const sendCommand = (callId: string, command: string, extra: { phone?: string; arg?: string } = {}) =>
  call<unknown>('command', { callId, command, ...extra });
export const journal = () => api.get<CallInfo[]>('callInfo', { limit: 50 }, { batch: false }).then((r) => r.data);
export const loadSettings = () => api.get<TelephonySettings>('telephony/settings', undefined, { batch: false }).then((r) => r.data);
export const saveSettings = (body: Record<string, unknown>) => api.post<TelephonySettings>('telephony/settings', body).then((r) => r.data);
export const saveUserConfig = (internalNumber: string) => api.post<unknown>('telephony/userConfig', { internalNumber });
export const saveResult = (callId: string, itemComment: string) => call<unknown>('selectCommunication', { call: callId, itemComment });
/** createClient makes a person with the number, for the caller card of an unknown number. */
export const createClient = (firstName: string, phone: string) =>
  api
    .post<{ contentType: string; id: string }>('contractorHuman', {
      firstName,
      contactInfo: [{ contentType: 'ContactInfo', type: 'phone', value: phone }],
    })
    .then((r) => r.data);

export interface CurrentOptions {
  enabled: boolean;
  result: { call: { defaultProvider: string; providers: Record<string, { status: string; internalNumber: string }> } };
}

export const currentOptions = () => api.post<CurrentOptions>('/call/currentOptions.json', {}).then((r) => r.data);
export const setUserStatus = (status: string) => call<{ status: string }>('setUserStatus', { status });

/** statusOf is the user's status with the account's provider. */
export function statusOf(o: CurrentOptions): string {
  return o.result.call.providers[o.result.call.defaultProvider]?.status ?? 'online';
}
