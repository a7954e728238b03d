import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECOVERY_MS } from './constants';
import { Recovery } from './recovery';

describe('live socket recovery', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function make(answer: () => Promise<unknown>) {
    const counter = vi.fn(answer);
    const reloadAll = vi.fn();
    return { r: new Recovery({ counter, reloadAll }), counter, reloadAll };
  }

  it('asks for the counter after 3 minutes without a connection, and again every 3 minutes while it works', async () => {
    const { r, counter, reloadAll } = make(() => Promise.resolve({}));
    r.update(true);
    await vi.advanceTimersByTimeAsync(RECOVERY_MS - 1);
    expect(counter).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(counter).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RECOVERY_MS);
    expect(counter).toHaveBeenCalledTimes(2);
    expect(reloadAll).not.toHaveBeenCalled();
    r.stop();
  });

  it('reloads every tab when the counter fails', async () => {
    const { r, reloadAll } = make(() => Promise.reject(new Error('offline')));
    r.update(true);
    await vi.advanceTimersByTimeAsync(RECOVERY_MS);
    expect(reloadAll).toHaveBeenCalledTimes(1);
  });

  it('does nothing once connected again (or no longer main)', async () => {
    const { r, counter } = make(() => Promise.resolve({}));
    r.update(true);
    await vi.advanceTimersByTimeAsync(RECOVERY_MS - 1000);
    r.update(false);
    await vi.advanceTimersByTimeAsync(RECOVERY_MS * 3);
    expect(counter).not.toHaveBeenCalled();
  });

  it('keeps counting from the first moment without a connection', async () => {
    const { r, counter } = make(() => Promise.resolve({}));
    r.update(true);
    await vi.advanceTimersByTimeAsync(RECOVERY_MS / 2);
    r.update(true);
    await vi.advanceTimersByTimeAsync(RECOVERY_MS / 2);
    expect(counter).toHaveBeenCalledTimes(1);
    r.stop();
  });
});
