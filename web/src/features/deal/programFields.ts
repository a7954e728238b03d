// A program's extra deal fields (docs/deal.md, "Extra fields per
// program"): a field owned by a program is its deals' only, an unowned one
// every program's. GET /program/{id}/fields answers both kinds, each with
// its owner.
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../data/api';
import type { FieldInfo } from '../../data/catalog';
import { asExtraInfo, type ExtraFieldInfo } from '../entity/extraFields';

export interface ProgramField extends ExtraFieldInfo {
  id: string;
  orderPos?: number;
}

/** FIELD_TYPES are the kinds the editor adds; an enum with the values typed beside it. */
export const FIELD_TYPES = ['StringField', 'IntegerField', 'FloatField', 'BoolField', 'DateField', 'DateTimeField', 'MoneyField', 'EnumField'];

/** enumValues reads an enum's values typed one per comma or line, blanks and repeats left out. */
export const enumValues = (text: string) => [...new Set(text.split(/[,\n]/).map((v) => v.trim()).filter(Boolean))];

export const isOwnField = (f: ProgramField, programId: string) => f.owner?.id === programId;

/** asFieldInfo describes an extra field as the generic Display and Editor take it. */
export const asFieldInfo: (f: ProgramField) => FieldInfo = asExtraInfo;

export async function programFields(programId: string): Promise<ProgramField[]> {
  return (await api.get<ProgramField[]>(`program/${programId}/fields`, undefined, { batch: false })).data ?? [];
}

export function addProgramField(programId: string, contentType: string, hrName: string, values: string[] = []) {
  const body: Record<string, unknown> = { contentType, hrName, owner: { contentType: 'Program', id: programId } };
  if (contentType === 'EnumField') body.enumValues = values;
  return api.post('deal/extraFields', body);
}

/** saveField changes a field's name or whether it is required, sending the rest back: a change writes every setting. */
export function saveField(f: ProgramField, change: { hrName?: string; isRequired?: boolean }) {
  const next = { ...f, ...change };
  return api.post(`deal/extraFields/${f.id}`, {
    contentType: f.contentType, hrName: next.hrName, isRequired: next.isRequired, isMultiple: f.isMultiple, enumValues: f.enumValues, orderPos: f.orderPos ?? 0,
  });
}

export function deleteField(id: string) {
  return api.delete(`deal/extraFields/${id}`);
}

/** useProgramFields reads the fields a program's deals have; reload reads them again. */
export function useProgramFields(programId: string | undefined): { fields: ProgramField[]; reload(): Promise<void> } {
  const [fields, setFields] = useState<ProgramField[]>([]);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    if (!programId) {
      setFields([]);
      return;
    }
    // A failed read shows no extra fields rather than breaking the screen.
    programFields(programId).then((f) => live && setFields(f), () => live && setFields([]));
    return () => {
      live = false;
    };
  }, [programId, tick]);
  const reload = useCallback(async () => setTick((n) => n + 1), []);
  return { fields, reload };
}
