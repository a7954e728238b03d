// The lead forms' calls (docs/crm.md, "Lead forms"): forms are ordinary
// CustomLeadForm entities; their fields are CustomLeadFormElement under
// /customLeadForm/{id}/element. The public page is /form/{uuid}.
import { api } from '../../../data/api';
import type { Entity } from '../../../data/types';

export const FORM_FIELDS = ['name', 'type', 'clientType', 'program', 'programState', 'responsible', 'afterSubmitText',
  'isCaptchaEnabled', 'needNotify', 'active', 'collectUtm', 'postCount', 'uuid', 'theme'];

/** TARGETS are the fields of a client or a deal a form's element may fill. */
export const TARGETS = ['name', 'firstName', 'lastName', 'middleName', 'companyName', 'position', 'phone', 'email', 'site',
  'comment', 'dealName', 'dealDescription'];

export interface Element {
  id: string;
  name: string;
  caption: string | null;
  placeholder: string | null;
  required: boolean;
  sort: number | null;
}

export async function listForms(): Promise<Entity[]> {
  return (await api.get<Entity[]>('customLeadForm', { fields: FORM_FIELDS, limit: 100 })).data;
}

export async function getForm(id: string): Promise<Entity> {
  return (await api.get<Entity>(`customLeadForm/${id}`, { fields: FORM_FIELDS })).data;
}

/** saveForm creates (id null) or changes a form. */
export async function saveForm(id: string | null, body: Record<string, unknown>): Promise<Entity> {
  const path = id ? `customLeadForm/${id}` : 'customLeadForm';
  return (await api.post<Entity>(path, { contentType: 'CustomLeadForm', ...body }, { fields: FORM_FIELDS })).data;
}

export async function listElements(form: string): Promise<Element[]> {
  const list = (await api.get<Element[]>(`customLeadForm/${form}/element`, { limit: 100 })).data;
  return [...list].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
}

export async function addElement(form: string, body: Partial<Element>): Promise<Element> {
  return (await api.post<Element>(`customLeadForm/${form}/element`, { contentType: 'CustomLeadFormElement', ...body })).data;
}

export async function removeElement(form: string, id: string): Promise<void> {
  await api.delete(`customLeadForm/${form}/element/${id}`);
}

/** TEXT_KINDS are the extra fields a visitor's text can fill (internal/module/crm/leadform/extra.go). */
const TEXT_KINDS = ['StringField', 'IntegerField', 'BigIntField', 'FloatField', 'BoolField', 'DateField', 'DateTimeField', 'EnumField'];

export interface ExtraTarget {
  name: string;
  label: string;
}

/**
 * extraTargets are the extra fields a form's elements may fill: the client
 * type's the form makes and, on a deal form, the deal's of every process
 * or of the form's own (the server's ?program= narrows them). A name both
 * have is listed once.
 */
export async function extraTargets(form: Entity): Promise<ExtraTarget[]> {
  const asks: Promise<Entity[]>[] = [];
  if (form.clientType !== 'WITHOUT_CONTRACTOR') {
    asks.push(api.get<Entity[]>(`${form.clientType === 'company' ? 'contractorCompany' : 'contractorHuman'}/extraFields`).then((r) => r.data));
  }
  const program = (form.program as { id?: unknown } | null | undefined)?.id;
  if (form.type === 'deal' && program != null) {
    asks.push(api.get<Entity[]>('deal/extraFields', { program: { contentType: 'Program', id: String(program) } }).then((r) => r.data));
  }
  const seen = new Set<string>();
  return (await Promise.all(asks)).flat().filter((f) => {
    const fresh = TEXT_KINDS.includes(String(f.contentType)) && !seen.has(String(f.name));
    seen.add(String(f.name));
    return fresh;
  }).map((f) => ({ name: String(f.name), label: String(f.hrName ?? f.name) }));
}

/** snippet is the HTML a site puts where the form should be. */
export function snippet(origin: string, uuid: string): string {
  return `<iframe src="${origin}/form/${uuid}" style="border:0;width:100%;max-width:520px;height:640px" title="lead form"></iframe>`;
}
