import { describe, expect, it } from 'vitest';
import { templateOf } from './templateApi';

describe('templateOf', () => {
  const templates = [{ id: '3' }, { id: '4' }];
  it('keeps a template the account has, drops a deleted or missing one', () => {
    expect(templateOf({ contentType: 'InvoiceTemplate', id: '4' }, templates)).toBe('4');
    expect(templateOf({ contentType: 'InvoiceTemplate', id: 9 }, templates)).toBeNull();
    expect(templateOf(null, templates)).toBeNull();
  });
});
