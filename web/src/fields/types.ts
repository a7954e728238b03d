// The one small interface every field kind implements (CONVENTIONS habit 2):
// a Display for cards and lists and an Editor for forms, both driven by the
// catalogue's FieldInfo, mirroring the server's internal/value kinds.
import type { ComponentType } from 'react';
import type { FieldInfo } from '../data/catalog';

export interface DisplayProps<V = unknown> {
  value: V | null | undefined;
  field: FieldInfo;
  /** Short form for list cells: one line, fewer details. */
  compact?: boolean;
}

export interface EditorProps<V = unknown> {
  value: V | null | undefined;
  onChange(value: V | null): void;
  field: FieldInfo;
  /** Shown above the input; the field's label unless given. */
  label?: string;
  error?: string;
  disabled?: boolean;
}

export interface FieldKind {
  Display: ComponentType<DisplayProps>;
  Editor: ComponentType<EditorProps>;
  /** False for kinds the client only shows (counts, computed, JSON). */
  editable: boolean;
}

/** asKind adapts components typed for one value to the registry's shape. */
export function asKind<V>(Display: ComponentType<DisplayProps<V>>, Editor: ComponentType<EditorProps<V>>, editable = true): FieldKind {
  return { Display: Display as ComponentType<DisplayProps>, Editor: Editor as ComponentType<EditorProps>, editable };
}
