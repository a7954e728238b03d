import { describe, expect, it } from 'vitest';
import type { Entity } from '../../data/types';
import { sectionsOf } from './programGroups';

const program = (id: string, group?: string): Entity => ({ contentType: 'Program', id, name: `P${id}`, programGroup: group ? { contentType: 'ProgramGroup', id: group } : null });
const group = (id: string): Entity => ({ contentType: 'ProgramGroup', id, name: `G${id}` });

describe('sectionsOf', () => {
  it('puts programs under their groups in the groups\' order, the rest last', () => {
    const s = sectionsOf([program('1'), program('2', '20'), program('3', '10'), program('4', '20')], [group('20'), group('10')]);
    expect(s.map((x) => x.group?.id ?? null)).toEqual(['10', '20', null]);
    expect(s.map((x) => x.programs.map((p) => p.id))).toEqual([['3'], ['2', '4'], ['1']]);
  });

  it('keeps an empty group and counts an unknown group\'s program as of no group', () => {
    const s = sectionsOf([program('1', '99')], [group('5')]);
    expect(s).toEqual([{ group: group('5'), programs: [] }, { group: null, programs: [program('1', '99')] }]);
    expect(sectionsOf([], [])).toEqual([]);
  });
});
