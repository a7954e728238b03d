import { describe, expect, it } from 'vitest';
import { dropPosition, flatTree } from './tree';

const a = (id: string, orderPos: number, parent?: string) => ({
  contentType: 'KnowledgeArticle', id, orderPos, name: id, parent: parent ? { contentType: 'KnowledgeArticle', id: parent } : null,
});

describe('flatTree', () => {
  it('puts children under their parent in orderPos order', () => {
    const nodes = flatTree([a('1', 2), a('2', 1), a('3', 2, '1'), a('4', 1, '1')]);
    expect(nodes.map((n) => `${n.depth}:${n.article.id}`)).toEqual(['0:2', '0:1', '1:4', '1:3']);
  });
  it('a drag up lands before, a drag down after', () => {
    const nodes = flatTree([a('1', 1), a('2', 2), a('3', 3)]);
    expect(dropPosition(nodes, '3', '1')).toBe('before');
    expect(dropPosition(nodes, '1', '3')).toBe('after');
  });
});
