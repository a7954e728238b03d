import { describe, expect, it } from 'vitest';
import { can } from './rights';

describe('can', () => {
  it('reads a rights object first', () => {
    expect(can({ rights: { edit: false }, possibleActions: ['act_edit'] }, 'edit')).toBe(false);
    expect(can({ rights: { read: true } }, 'read')).toBe(true);
  });

  it('maps legacy action names to short rights', () => {
    const task = { possibleActions: ['act_read', 'act_edit', 'act_delegate'] };
    expect(can(task, 'read')).toBe(true);
    expect(can(task, 'edit')).toBe(true);
    expect(can(task, 'remove')).toBe(false);
    expect(can({ availableActions: ['act_delete_comment'] }, 'remove')).toBe(true);
  });

  it('does not restrict an entity that says nothing', () => {
    expect(can({}, 'remove')).toBe(true);
    expect(can({ rights: null }, 'edit')).toBe(true);
  });
});
