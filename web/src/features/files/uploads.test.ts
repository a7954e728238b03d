import { describe, expect, it } from 'vitest';
import { busy, failed, finished, MAX_FILE_BYTES, removed, started, tooLarge, type UploadState } from './uploads';

describe('uploads', () => {
  it('is busy while any upload runs, in the order picked', () => {
    let list: UploadState[] = [];
    list = started(list, 'a', 'a.pdf', 10);
    list = started(list, 'b', 'b.png', 20);
    expect(list.map((u) => u.name)).toEqual(['a.pdf', 'b.png']);
    expect(busy(list)).toBe(true);
    list = finished(list, 'a');
    expect(busy(list)).toBe(true);
    list = finished(list, 'b');
    expect(busy(list)).toBe(false);
    expect(list).toEqual([]);
  });

  it('keeps a failed upload with its reason until dismissed, and it does not block sending', () => {
    let list = started([], 'a', 'a.pdf', 10);
    list = failed(list, 'a', 'too large');
    expect(list).toEqual([{ key: 'a', name: 'a.pdf', size: 10, status: 'failed', error: 'too large' }]);
    expect(busy(list)).toBe(false);
    expect(removed(list, 'a')).toEqual([]);
  });

  it('refuses files over the server limit before upload', () => {
    expect(tooLarge(MAX_FILE_BYTES)).toBe(false);
    expect(tooLarge(MAX_FILE_BYTES + 1)).toBe(true);
  });
});
