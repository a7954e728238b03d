// A merge too big for its call runs as a job (docs/crm.md, "Merging as a
// background job"): the card shows its progress from the live socket's
// ContractorMerge messages, starting from GET …/merge; a slow poll of
// the same call covers a message lost on the way (the socket does not
// resend). At the end the client is read again.
import { useEffect, useState } from 'react';
import { Alert, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { userRoute } from '../../app/layout/notificationState';
import { useSession } from '../../app/session';
import { api } from '../../data/api';
import { ingest } from '../../data/entities';
import { onRealtimeEvent, useLiveRoutes } from '../../data/realtime';
import type { Entity } from '../../data/types';
import { mergeOf, type MergeJob } from './mergeMessage';

/** POLL_MS: how often the job is read besides the socket's messages. */
const POLL_MS = 5000;

export function MergeProgress({ base, client, onEnd }: { base: string; client: { contentType: string; id: string }; onEnd(): void }) {
  const { t } = useTranslation();
  const session = useSession();
  const [job, setJob] = useState<MergeJob | null>(null);
  const route = userRoute({ contentType: session.currentUser.contentType, id: String(session.currentUser.id) });
  useLiveRoutes([route]);
  const { contentType, id } = client;
  useEffect(() => {
    let live = true;
    let ended = false;
    let timer = 0;
    const end = async (j: MergeJob) => {
      if (ended) return;
      ended = true;
      window.clearTimeout(timer);
      const env = await api.get<Entity>(base, undefined, { batch: false });
      if (env.data) ingest(env.data, { full: true });
      if (live && j.status === 'done') onEnd();
    };
    const seen = (j: MergeJob) => {
      if (!live || ended) return;
      setJob(j);
      if (j.status !== 'running') void end(j).catch(() => undefined);
    };
    const poll = async () => {
      try {
        seen((await api.get<MergeJob>(`${base}/merge`, undefined, { batch: false })).data);
      } catch {
        // Read again at the next turn.
      }
      if (live && !ended) timer = window.setTimeout(() => void poll(), POLL_MS);
    };
    const off = onRealtimeEvent((m) => {
      const j = mergeOf(m, route, { contentType, id });
      if (j) seen(j);
    });
    void poll();
    return () => {
      live = false;
      off();
      window.clearTimeout(timer);
    };
  }, [base, route, contentType, id, onEnd]);
  if (job?.status === 'failed') {
    return (
      <Alert color="red" title={t('crm.merge.failed')} data-testid="merge-failed">
        {job.error}
      </Alert>
    );
  }
  const percent = job && job.total > 0 ? Math.round((job.done * 100) / job.total) : 0;
  return (
    <Alert color="blue" title={t('crm.merge.running')} data-testid="merge-progress">
      <Progress value={percent} animated />
      <Text size="xs" c="dimmed" mt={4}>
        {t('crm.merge.moved', { done: job?.done ?? 0, total: job?.total ?? 0 })}
      </Text>
    </Alert>
  );
}
