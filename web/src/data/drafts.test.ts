// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { GLOBAL_SAVE_DEBOUNCE_MS, forgetDrafts, isEmptyContent, readDraft, useDraft } from './drafts';
import { retryStorage, storageUsable } from './storage';
import { envelope, stubFetch } from './fetchStub';

describe('drafts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    retryStorage();
    forgetDrafts();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps non-empty content with its time in local storage; empty content clears it', () => {
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    const { result } = renderHook(() => useDraft('Task:5'));
    act(() => result.current.save({ text: 'half a comment' }));
    const saved = { content: { text: 'half a comment' }, timestamp: Date.parse('2026-03-01T10:00:00Z') };
    expect(result.current.draft).toEqual(saved);
    expect(JSON.parse(localStorage.getItem('artel.data.draft.Task:5')!)).toEqual(saved);
    forgetDrafts();
    expect(readDraft('Task:5')).toEqual(saved);

    act(() => result.current.save({ text: '   ', attaches: [] }));
    expect(result.current.draft).toBeUndefined();
    expect(localStorage.getItem('artel.data.draft.Task:5')).toBeNull();
  });

  it('tells empty content from content', () => {
    expect(isEmptyContent(undefined)).toBe(true);
    expect(isEmptyContent(' \n')).toBe(true);
    expect(isEmptyContent({ a: '', b: [null] })).toBe(true);
    expect(isEmptyContent({ a: 'x' })).toBe(false);
    expect(isEmptyContent(0)).toBe(false);
  });

  it('mirrors global drafts to the user setting global_drafts', async () => {
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    const { requests } = stubFetch((req) =>
      req.method === 'GET' || req.path === '/api/v3/bulk'
        ? { body: envelope([envelope({ contentType: 'UserSetting', id: 'global_drafts', value: null })]) }
        : { body: envelope({ contentType: 'UserSetting', id: 'global_drafts' }) },
    );
    const { result } = renderHook(() => useDraft('global:newTask'));
    act(() => result.current.save('call the client'));
    act(() => result.current.save('call the client back'));
    await act(() => vi.advanceTimersByTimeAsync(GLOBAL_SAVE_DEBOUNCE_MS));
    const posts = requests.filter((r) => r.path === '/api/v3/userSetting');
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({
      id: 'global_drafts',
      value: { newTask: { content: 'call the client back', timestamp: Date.parse('2026-03-01T10:00:00Z') } },
    });
  });

  it('takes a newer global draft from the server', async () => {
    localStorage.setItem('artel.data.globalDrafts', JSON.stringify({ note: { content: 'old', timestamp: 1 } }));
    stubFetch(() => ({ body: envelope([envelope({ id: 'global_drafts', value: { note: { content: 'newer', timestamp: 2 } } })]) }));
    const { result } = renderHook(() => useDraft('global:note'));
    expect(result.current.draft?.content).toBe('old');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(result.current.draft?.content).toBe('newer');
  });

  it('on a storage failure warns, clears its storage, stops using it and keeps drafts in memory', () => {
    const warn = vi.spyOn(console, 'warn');
    localStorage.setItem('artel.data.draft.Task:1', JSON.stringify({ content: 'a', timestamp: 1 }));
    localStorage.setItem('artel.lang', 'en');
    const { result } = renderHook(() => useDraft('Task:2'));
    // jsdom's storage holds 5 000 000 characters: this one is over its quota.
    const huge = 'x'.repeat(5_000_001);
    act(() => result.current.save(huge));
    expect(warn).toHaveBeenCalled();
    expect(storageUsable()).toBe(false);
    expect(localStorage.getItem('artel.data.draft.Task:1')).toBeNull();
    expect(localStorage.getItem('artel.lang')).toBe('en');
    expect(result.current.draft?.content).toBe(huge);
    act(() => result.current.save('small'));
    expect(localStorage.getItem('artel.data.draft.Task:2')).toBeNull();
    expect(result.current.draft?.content).toBe('small');
  });
});
