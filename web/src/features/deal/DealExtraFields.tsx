// The extra fields on a deal card: the unowned ones and its program's own,
// never another program's (docs/deal.md, "Extra fields per program").
import type { ReactNode } from 'react';
import type { Entity } from '../../data/types';
import { fieldKind, isBlankValue } from '../../fields';
import { asFieldInfo, useProgramFields } from './programFields';

export function DealExtraFields({ deal, row }: { deal: Entity; row(label: string, value: ReactNode, key: string): ReactNode }) {
  const program = deal.program as { id?: string } | null | undefined;
  const { fields } = useProgramFields(program?.id ? String(program.id) : undefined);
  return (
    <>
      {fields.map((f) => {
        const info = asFieldInfo(f);
        const { Display } = fieldKind(info.kind);
        const v = deal[f.name];
        return row(info.label, <span data-testid={`deal-extra-${f.name}`}>{isBlankValue(info.kind, v) ? '—' : <Display value={v} field={info} />}</span>, f.name);
      })}
    </>
  );
}
