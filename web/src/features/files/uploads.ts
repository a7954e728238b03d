// The composer's uploads still in flight, as plain state: each picked file
// is uploading or failed (with the reason), in the order picked; a finished
// one leaves this list for the draft's attaches. Pure functions, so the
// rules ("send waits for every upload", "a file over the limit is refused
// before its bytes travel") are tested alone.

/** MAX_FILE_BYTES mirrors the server's limit (internal/module/file.MaxSize). */
export const MAX_FILE_BYTES = 25 << 20;

export type UploadState =
  | { key: string; name: string; size: number; status: 'uploading' }
  | { key: string; name: string; size: number; status: 'failed'; error: string };

export function started(list: UploadState[], key: string, name: string, size: number): UploadState[] {
  return [...list, { key, name, size, status: 'uploading' }];
}

/** finished drops an upload whose File now travels in the draft. */
export function finished(list: UploadState[], key: string): UploadState[] {
  return list.filter((u) => u.key !== key);
}

export function failed(list: UploadState[], key: string, error: string): UploadState[] {
  return list.map((u) => (u.key === key ? { key, name: u.name, size: u.size, status: 'failed', error } : u));
}

/** removed drops an entry the user dismissed. */
export function removed(list: UploadState[], key: string): UploadState[] {
  return list.filter((u) => u.key !== key);
}

/** busy: some upload is still running, so sending must wait. */
export function busy(list: UploadState[]): boolean {
  return list.some((u) => u.status === 'uploading');
}

/** tooLarge is checked before sending bytes the server would refuse. */
export function tooLarge(size: number): boolean {
  return size > MAX_FILE_BYTES;
}
