// Uploading a file (POST /api/v3/file, docs/api.md "Files"): the answer is
// the File entity, kept in the store so lists of attachments can name it.
import { ingest } from '../../data/entities';
import { sendForm } from '../../data/transport';
import type { Entity, Link } from '../../data/types';

export async function uploadFile(file: File, signal?: AbortSignal): Promise<Link> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { data } = await sendForm<Entity>('file', form, signal);
  ingest(data);
  return { contentType: data.contentType, id: data.id };
}

/** downloadHref is where a File's bytes are served (its path, or the route). */
export function downloadHref(file: { id: string; path?: unknown }): string {
  return typeof file.path === 'string' && file.path !== '' ? file.path : `/api/v3/file/${file.id}/download`;
}
