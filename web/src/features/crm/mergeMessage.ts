// The live socket's ContractorMerge messages (docs/crm.md, "Merging as a
// background job"): the server sends a running merge's progress to its
// starter (user:{uid}) at most twice a second and at its end.
import type { ServerMessage } from '../../data/realtime';

export interface MergeJob {
  status: 'running' | 'done' | 'failed';
  total: number;
  done: number;
  error?: string;
}

interface Wire extends Partial<MergeJob> {
  contentType?: string;
  contractor?: { contentType?: string; id?: string };
}

/** mergeOf is the job a message tells of when it is about the merge into this client, else null. */
export function mergeOf(m: ServerMessage, route: string, client: { contentType: string; id: string }): MergeJob | null {
  const msg = m.message as Wire | null;
  if (m.event !== route || !msg || msg.contentType !== 'ContractorMerge') return null;
  if (msg.contractor?.contentType !== client.contentType || String(msg.contractor?.id) !== client.id) return null;
  if (msg.status !== 'running' && msg.status !== 'done' && msg.status !== 'failed') return null;
  return { status: msg.status, total: Number(msg.total ?? 0), done: Number(msg.done ?? 0), error: msg.error };
}
