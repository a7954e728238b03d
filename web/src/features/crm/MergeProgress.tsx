// A merge too big for its call runs as a job (docs/crm.md, "Merging as a
// background job"): the card shows its progress, read from GET …/merge
// until the job ends, then reads the client again.
import { useEffect, useState } from 'react';
import { Alert, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { api } from '../../data/api';
import { ingest } from '../../data/entities';
import type { Entity } from '../../data/types';

interface MergeJob {
  status: 'running' | 'done' | 'failed';
  total: number;
  done: number;
  error?: string;
}

export function MergeProgress({ base, onEnd }: { base: string; onEnd(): void }) {
  const { t } = useTranslation();
  const [job, setJob] = useState<MergeJob | null>(null);
  useEffect(() => {
    let live = true;
    let timer = 0;
    const tick = async () => {
      try {
        const j = (await api.get<MergeJob>(`${base}/merge`, undefined, { batch: false })).data;
        if (!live) return;
        setJob(j);
        if (j.status === 'running') {
          timer = window.setTimeout(() => void tick(), 700);
          return;
        }
        const env = await api.get<Entity>(base, undefined, { batch: false });
        if (env.data) ingest(env.data, { full: true });
        if (j.status === 'done') onEnd();
      } catch {
        if (live) timer = window.setTimeout(() => void tick(), 2000);
      }
    };
    void tick();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [base, onEnd]);
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
