// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_DELAY_MS, DraftSaver, emptyDraft, readDraft } from './draft';

describe('DraftSaver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const make = () => {
    const save = vi.fn();
    const clear = vi.fn();
    return { save, clear, saver: new DraftSaver(save, clear) };
  };

  it('keeps the draft 1000 ms after the last change, not before', () => {
    const { save, saver } = make();
    saver.change({ ...emptyDraft, text: 'Прив' });
    vi.advanceTimersByTime(600);
    saver.change({ ...emptyDraft, text: 'Привет' });
    vi.advanceTimersByTime(DRAFT_DELAY_MS - 1);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ ...emptyDraft, text: 'Привет' });
  });

  it('clears instead of saving when nothing is written, whatever else is set', () => {
    const { save, clear, saver } = make();
    saver.change({ text: '   ', workTime: 1800, replyTo: { contentType: 'Comment', id: '3' }, attaches: [] });
    vi.advanceTimersByTime(DRAFT_DELAY_MS);
    expect(save).not.toHaveBeenCalled();
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it('keeps a draft holding only files', () => {
    const { save, saver } = make();
    const d = { ...emptyDraft, attaches: [{ contentType: 'File', id: '7' }] };
    saver.change(d);
    vi.advanceTimersByTime(DRAFT_DELAY_MS);
    expect(save).toHaveBeenCalledWith(d);
  });

  it('a sent comment cancels the pending save', () => {
    const { save, clear, saver } = make();
    saver.change({ ...emptyDraft, text: 'Готово' });
    saver.cancel();
    vi.advanceTimersByTime(DRAFT_DELAY_MS * 2);
    expect(save).not.toHaveBeenCalled();
    expect(clear).not.toHaveBeenCalled();
  });
});

describe('DraftSaver.flush', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps a waiting change at once when the composer goes away, and nothing twice', () => {
    const save = vi.fn();
    const saver = new DraftSaver(save, vi.fn());
    saver.flush();
    expect(save).not.toHaveBeenCalled();
    saver.change({ ...emptyDraft, text: 'Почти' });
    saver.flush();
    expect(save).toHaveBeenCalledWith({ ...emptyDraft, text: 'Почти' });
    vi.advanceTimersByTime(DRAFT_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(1);
  });
});

describe('readDraft', () => {
  it('restores what was stored and ignores what is not a draft', () => {
    expect(readDraft({ text: 'a', workTime: 60, replyTo: { contentType: 'Comment', id: '1' } })).toEqual({
      text: 'a',
      workTime: 60,
      replyTo: { contentType: 'Comment', id: '1' },
      attaches: [],
    });
    expect(readDraft({ text: '', attaches: [{ contentType: 'File', id: '7' }, 'junk'] }).attaches).toEqual([{ contentType: 'File', id: '7' }]);
    expect(readDraft('nonsense')).toEqual(emptyDraft);
    expect(readDraft({ text: 5 })).toEqual(emptyDraft);
  });
});
