// Uploading a file with its progress: fetch cannot report how much of a
// body has gone, so uploads use XMLHttpRequest. A small file goes whole
// (POST /api/v3/file, one part named file); a large one through the
// resumable route (POST /api/v3/file/upload, then PATCH chunks from the
// offset the server reports), so a broken connection resumes where it
// stopped instead of starting again.
import { headers } from '../../data/transport';
import type { Entity } from '../../data/types';

/** Files from this size go through the resumable route. */
export const RESUMABLE_FROM = 8 << 20;
/** The bytes sent in one PATCH. */
export const CHUNK = 4 << 20;
/** Tries of one chunk before the upload is given up. */
const TRIES = 6;

type Answer = { status: number; body: { data?: Record<string, unknown>; meta?: { errors?: { message?: string }[] } } | null; offset: string | null };

/** UploadError is a refusal worded by the server (quota, size): no retry helps. */
export class UploadError extends Error {}

function send(method: string, url: string, body: XMLHttpRequestBodyInit | null, extra: Record<string, string>, onSent?: (n: number) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries({ ...headers(method as 'POST', false), ...extra })) xhr.setRequestHeader(k, v);
    if (onSent) xhr.upload.onprogress = (e) => onSent(e.loaded);
    xhr.onerror = () => reject(new Error('network'));
    xhr.onload = () => {
      let parsed: Answer['body'] = null;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        parsed = null;
      }
      resolve({ status: xhr.status, body: parsed, offset: xhr.getResponseHeader('Upload-Offset') });
    };
    xhr.send(body);
  });
}

const refusal = (a: Answer) => new UploadError(a.body?.meta?.errors?.[0]?.message ?? `${a.status}`);

/** uploadWithProgress sends one file, telling onProgress the share sent (0..1). */
export async function uploadWithProgress(file: File, onProgress: (share: number) => void): Promise<Entity> {
  if (file.size >= RESUMABLE_FROM) return resumable(file, onProgress);
  const form = new FormData();
  form.append('file', file, file.name);
  const a = await send('POST', '/api/v3/file', form, {}, (n) => onProgress(n / Math.max(file.size, 1)));
  if (a.status === 200 && a.body?.data) return a.body.data as Entity;
  throw refusal(a);
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function resumable(file: File, onProgress: (share: number) => void): Promise<Entity> {
  const json = { 'Content-Type': 'application/json' };
  const start = await send('POST', '/api/v3/file/upload', JSON.stringify({ name: file.name, size: file.size, contentType: file.type }), json);
  if (start.status !== 200 || !start.body?.data) throw refusal(start);
  const url = `/api/v3/file/upload/${String(start.body.data.id)}`;
  let offset = 0;
  let failures = 0;
  for (;;) {
    const end = Math.min(offset + CHUNK, file.size);
    let a: Answer;
    try {
      a = await send('PATCH', url, file.slice(offset, end), { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset) },
        (n) => onProgress((offset + n) / file.size));
    } catch {
      // The connection broke: ask the server where it stands, then resume.
      if (++failures >= TRIES) throw new Error('network');
      await pause(500 * 2 ** failures);
      const s = await send('GET', url, null, {}).catch(() => null);
      if (s?.status === 200 && s.body?.data) offset = Number(s.body.data.offset);
      else if (s && s.status !== 200) throw refusal(s);
      continue;
    }
    if (a.status === 409 && a.offset !== null) {
      offset = Number(a.offset);
      continue;
    }
    if (a.status >= 500 && ++failures < TRIES) {
      await pause(500 * 2 ** failures);
      continue;
    }
    if (a.status !== 200 || !a.body?.data) throw refusal(a);
    failures = 0;
    offset = Number(a.body.data.offset);
    onProgress(offset / file.size);
    if (a.body.data.file) return a.body.data.file as Entity;
  }
}
