import { describe, expect, it } from 'vitest';
import { enumValues } from './programFields';

describe('enumValues', () => {
  it('reads values by comma or line, trimmed, blanks and repeats left out', () => {
    expect(enumValues(' Опт, Розница,\nОпт ,, Дилер ')).toEqual(['Опт', 'Розница', 'Дилер']);
    expect(enumValues('  ')).toEqual([]);
  });
});
