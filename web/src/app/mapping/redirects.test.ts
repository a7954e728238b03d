import { describe, expect, it } from 'vitest';
import { legacyDealsRedirect, mailRedirect, taskRedirect, topicsRedirect } from './redirects';

describe('taskRedirect', () => {
  it('takes the filter id from the hash first', () => {
    expect(taskRedirect('/task', '?filterId=9', '#5')).toBe('/task/filter/5');
    expect(taskRedirect('/task', '', '#filter=7')).toBe('/task/filter/7');
    expect(taskRedirect('/task/', '', '#/filter/actual')).toBe('/task/filter/actual');
  });
  it('then from the path', () => {
    expect(taskRedirect('/task/12', '?filterId=9', '')).toBe('/task/filter/12');
    expect(taskRedirect('/task/12/', '', '')).toBe('/task/filter/12');
  });
  it('then from the query', () => {
    expect(taskRedirect('/task', '?filterId=9', '')).toBe('/task/filter/9');
    expect(taskRedirect('/task', '?filter=any', '')).toBe('/task/filter/any');
  });
  it('goes to the plain list without an id and drops unsafe ids', () => {
    expect(taskRedirect('/task', '', '')).toBe('/task/filter');
    expect(taskRedirect('/task', '?filterId=../x', '')).toBe('/task/filter');
  });
});

describe('legacyDealsRedirect', () => {
  it('opens all programs without parameters', () => {
    expect(legacyDealsRedirect('')).toBe('/deals/list/-1');
  });
  it('keeps the program and the filter', () => {
    expect(legacyDealsRedirect('?program=3')).toBe('/deals/list/3');
    expect(legacyDealsRedirect('?program=-2&filter=15')).toBe('/deals/list/-2/15');
    expect(legacyDealsRedirect('?programId=4&filterId=active')).toBe('/deals/list/4/active');
  });
  it('ignores a malformed program', () => {
    expect(legacyDealsRedirect('?program=abc')).toBe('/deals/list/-1');
  });
});

describe('topics and mail', () => {
  it('open discussions', () => {
    expect(topicsRedirect()).toBe('/discuss/chat/');
    expect(topicsRedirect('42')).toBe('/discuss/chat/42/');
    expect(mailRedirect('7')).toBe('/discuss/mail/7/');
  });
});
