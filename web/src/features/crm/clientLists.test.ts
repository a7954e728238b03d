import { describe, expect, it } from 'vitest';
import { cardFields, creationFields, nameOf, reordered, type ListItem } from './clientLists';

const items: ListItem[] = [
  { id: '1', name: 'Новый', orderPosition: 1 },
  { id: '2', name: 'В работе', orderPosition: 2 },
  { id: '3', name: 'Потерян', orderPosition: 3 },
];

describe('client types and statuses', () => {
  it('names a client link by the list, nothing for none or an unknown one', () => {
    expect(nameOf(items, { contentType: 'ContractorStatus', id: 2 })).toBe('В работе');
    expect(nameOf(items, null)).toBe('');
    expect(nameOf(items, { contentType: 'ContractorStatus', id: '9' })).toBe('');
  });

  it('moves an item up or down, not past either end', () => {
    expect(reordered(items, 2, -1).map((i) => i.id)).toEqual(['1', '3', '2']);
    expect(reordered(items, 0, 1).map((i) => i.id)).toEqual(['2', '1', '3']);
    expect(reordered(items, 0, -1)).toBe(items);
    expect(reordered(items, 2, 1)).toBe(items);
  });

  it("asks a new client for its type's creation and required fields, each once, besides the form's own", () => {
    const type: ListItem = { id: '7', name: 'Опт', orderPosition: 1, visibleOnCreationFields: ['description', 'position', 'contactInfo'],
      requiredFields: ['description', 'responsibles'] };
    expect(creationFields(type, ['name', 'position'])).toEqual(['description', 'responsibles']);
    expect(creationFields(undefined, ['name'])).toEqual([]);
  });

  it("shows a client's card fields with the type's pinned ones first and its others after", () => {
    const type: ListItem = { id: '7', name: 'Опт', orderPosition: 1, fixedFields: ['description', 'contactInfo'], visibleInCardFields: ['tags', 'position'] };
    expect(cardFields(type, ['position', 'description', 'birthday'])).toEqual(['description', 'position', 'birthday', 'tags']);
    expect(cardFields(undefined, ['responsibles'])).toEqual(['responsibles']);
  });
});
