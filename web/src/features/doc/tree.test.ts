import { describe, expect, it } from 'vitest';
import { flatTree } from './tree';

const f = (id: string, name: string, parent?: string) => ({
  contentType: 'DocFolder',
  id,
  name,
  parent: parent ? { contentType: 'DocFolder', id: parent } : null,
});

describe('flatTree', () => {
  it('puts children under parents by name, and orphans at the root', () => {
    const got = flatTree([f('3', 'Март', '2'), f('1', 'Б'), f('2', 'А'), f('9', 'Чужая', '100')]);
    expect(got.map((n) => `${n.depth}:${n.folder.name}`)).toEqual(['0:А', '1:Март', '0:Б', '0:Чужая']);
  });
});
