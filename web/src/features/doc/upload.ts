// Uploading a file with its progress: fetch cannot report how much of a
// body has gone, so this one call uses XMLHttpRequest against the file
// module's upload route (POST /api/v3/file, one part named file).
import { headers } from '../../data/transport';
import type { Entity } from '../../data/types';

/** uploadWithProgress sends one file, telling onProgress the share sent (0..1). */
export function uploadWithProgress(file: File, onProgress: (share: number) => void): Promise<Entity> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v3/file');
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries(headers('POST', false))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new Error(file.name));
    xhr.onload = () => {
      let body: { data?: Entity; meta?: { errors?: { message?: string }[] } } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 200 && body?.data) resolve(body.data);
      else reject(new Error(body?.meta?.errors?.[0]?.message ?? `${xhr.status}`));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
