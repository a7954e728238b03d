// Extra fields in the generic form: an account's own fields of a type
// (GET {endpoint}/extraFields), each shown when it applies to the entity
// as the form leaves it. A field with an owner (a Deal field of one
// program) applies when one of the entity's links names that owner; one
// without is every entity's.
import { useEffect, useState } from 'react';
import { api } from '../../data/api';
import type { FieldInfo, TypeInfo } from '../../data/catalog';

export interface ExtraFieldInfo {
  name: string;
  contentType: string;
  hrName: string;
  type: string;
  isRequired: boolean;
  isMultiple: boolean;
  enumValues?: string[];
  owner?: { contentType: string; id: string } | null;
}

/** FORM_EXTRAS are the types whose generic form offers their extra fields (Deal: docs/deal.md). */
const FORM_EXTRAS = new Set(['Deal']);

export function asExtraInfo(x: ExtraFieldInfo): FieldInfo {
  return {
    name: x.name,
    kind: x.contentType === 'EnumField' && x.isMultiple ? 'string[]' : x.type,
    label: x.hrName || x.name,
    sortable: true,
    readOnly: false,
    required: x.isRequired,
    writeOnly: false,
    values: x.enumValues,
  };
}

const sameLink = (v: unknown, owner: { contentType: string; id: string }) => {
  const l = v as { contentType?: string; id?: unknown } | null;
  return !!l && typeof l === 'object' && l.contentType === owner.contentType && String(l.id) === String(owner.id);
};

/** applyingExtras are the fields that apply to an entity whose fields read as valueOf gives them. */
export function applyingExtras(type: TypeInfo, extras: ExtraFieldInfo[], valueOf: (name: string) => unknown): FieldInfo[] {
  const links = type.fields.filter((f) => f.kind === 'link').map((f) => valueOf(f.name));
  return extras.filter((x) => !x.owner || links.some((v) => sameLink(v, x.owner!))).map(asExtraInfo);
}

/** useFormExtras reads a type's extra fields for its form, for the types that show them. */
export function useFormExtras(type: TypeInfo): ExtraFieldInfo[] {
  const [extras, setExtras] = useState<ExtraFieldInfo[]>([]);
  const on = FORM_EXTRAS.has(type.name);
  useEffect(() => {
    let live = true;
    if (!on) return;
    // Without them the type's own fields still work: a failed read is no field.
    api.get<ExtraFieldInfo[]>(`${type.endpoint}/extraFields`, undefined, { batch: false }).then((r) => live && setExtras(r.data ?? []), () => undefined);
    return () => {
      live = false;
    };
  }, [on, type.endpoint]);
  return extras;
}
