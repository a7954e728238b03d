// A value of one of several date kinds: the member is picked first, then
// edited with that member's own editor.
import { useState } from 'react';
import { Input, SegmentedControl, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { DisplayProps, EditorProps, FieldKind } from '../types';
import { memberOf, switchMember, unionMembers } from './convert';

function memberLabels(t: TFunction): Record<string, string> {
  return {
    DateOnly: t('field.union.DateOnly'),
    DateTime: t('field.union.DateTime'),
    ShiftDate: t('field.union.ShiftDate'),
    IntervalDates: t('field.union.IntervalDates'),
    IntervalTime: t('field.union.IntervalTime'),
  };
}

/** makeUnionKind builds the kind for one union; lookup gives member kinds. */
export function makeUnionKind(kind: string, lookup: (member: string) => FieldKind): FieldKind {
  const members = unionMembers(kind);

  function UnionDisplay(props: DisplayProps) {
    const member = memberOf(props.value, members);
    if (!member) return null;
    const { Display } = lookup(member);
    return <Display {...props} />;
  }

  function UnionEditor({ value, onChange, field, label, error, disabled }: EditorProps) {
    const { t } = useTranslation();
    const [chosen, setChosen] = useState(memberOf(value, members) ?? members[0]);
    const current = memberOf(value, members) ?? chosen;
    const labels = memberLabels(t);
    const { Editor } = lookup(current);
    const choose = (m: string) => {
      setChosen(m);
      if (m !== current) onChange(switchMember(value, m));
    };
    return (
      <Input.Wrapper label={label ?? field.label} error={error} required={field.required}>
        <Stack gap={6}>
          <SegmentedControl
            size="xs"
            disabled={disabled}
            data={members.map((m) => ({ value: m, label: labels[m] ?? m }))}
            value={current}
            onChange={choose}
            style={{ alignSelf: 'flex-start' }}
          />
          <Editor value={value} onChange={onChange} field={{ ...field, kind: current }} label="" disabled={disabled} />
        </Stack>
      </Input.Wrapper>
    );
  }

  return { Display: UnionDisplay, Editor: UnionEditor, editable: true };
}
