import { describe, expect, it } from 'vitest';
import type { TypeInfo } from '../../data/catalog';
import { applyingExtras, type ExtraFieldInfo } from './extraFields';

const deal: TypeInfo = {
  name: 'Deal', endpoint: 'deal', label: 'Deal',
  fields: [{ name: 'program', kind: 'link', label: 'Program', sortable: true, readOnly: false, required: true, writeOnly: false, targets: ['Program'] }],
};
const field = (name: string, owner: string | null): ExtraFieldInfo => ({
  name, contentType: 'StringField', hrName: name, type: 'string', isRequired: false, isMultiple: false,
  owner: owner ? { contentType: 'Program', id: owner } : null,
});
const extras = [field('common', null), field('ofSales', '5'), field('ofPurchases', '6')];

describe('applyingExtras', () => {
  it('gives a deal the unowned fields and its program own, never another program one', () => {
    const names = applyingExtras(deal, extras, (n) => (n === 'program' ? { contentType: 'Program', id: 5 } : undefined)).map((f) => f.name);
    expect(names).toEqual(['common', 'ofSales']);
  });
  it('gives a deal without a program only the unowned fields', () => {
    expect(applyingExtras(deal, extras, () => undefined).map((f) => f.name)).toEqual(['common']);
  });
});
