import { describe, expect, it } from 'vitest';
import { mentionQuery, mentionToken, pieces } from './mentions';

describe('mentions', () => {
  it('writes a token the server reads', () => {
    expect(mentionToken('Анна [Петрова]', { contentType: 'Employee', id: '5' })).toBe('@[Анна  Петрова ](Employee:5)');
  });
  it('splits a text into runs and mentions', () => {
    expect(pieces('Привет, @[Анна](Employee:5)! Как дела?')).toEqual([
      { text: 'Привет, ' },
      { name: 'Анна', who: { contentType: 'Employee', id: '5' } },
      { text: '! Как дела?' },
    ]);
    expect(pieces('без упоминаний')).toEqual([{ text: 'без упоминаний' }]);
  });
  it('finds the word typed after @ at the caret', () => {
    expect(mentionQuery('Привет @Ан', 10)).toEqual({ start: 7, query: 'Ан' });
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQuery('mail@example', 12)).toBeNull();
    expect(mentionQuery('Привет', 6)).toBeNull();
  });
});
