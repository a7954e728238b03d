// /staff/{id}/fire: the firing wizard (docs/people.md, "Dismissal with
// hand-over"). It lists every open role of the employee by area, lets the
// administrator name who takes each area, then runs the dismissal as a
// background job, following its progress over the live socket (with a
// poll beside it, since a socket may be down), and ends with the report.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Progress, Select, Stack, Table, Text, Title } from '@mantine/core';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { userRoute } from '../../app/layout/notificationState';
import { useSession } from '../../app/session';
import { onRealtimeEvent, useLiveRoutes } from '../../data/realtime';
import type { Entity } from '../../data/types';
import { plan, rolesByArea } from './fireState';
import { areaLabels, roleLabel } from './labels';
import { staffApi, type Area, type FireInfo, type FireJob } from './staffApi';
import { FireReportView } from './FireReport';

export const personName = (e: Entity) => String(e.name ?? `${e.firstName ?? ''} ${e.lastName ?? ''}`).trim() || `#${e.id}`;

export default function FirePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const session = useSession();
  const [person, setPerson] = useState<Entity | null>(null);
  const [info, setInfo] = useState<FireInfo | null>(null);
  const [people, setPeople] = useState<Entity[]>([]);
  const [all, setAll] = useState<string | null>(null);
  const [byArea, setByArea] = useState<Partial<Record<Area, string | null>>>({});
  const [job, setJob] = useState<FireJob | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    Promise.all([staffApi.employee(id), staffApi.prepareFire(id), staffApi.working()]).then(
      ([p, i, list]) => {
        setPerson(p);
        setInfo(i);
        setPeople(list.filter((e) => e.id !== id));
      },
      (err: unknown) => setError(errorText(err, t)),
    );
  }, [id, t]);

  const route = userRoute({ contentType: session.currentUser.contentType, id: String(session.currentUser.id) });
  useLiveRoutes(job ? [route] : []);
  useEffect(() => {
    if (!job || job.state === 'done') return;
    const jobId = job.id;
    const off = onRealtimeEvent((m) => {
      const msg = m.message as Partial<FireJob> & { contentType?: string };
      if (m.event === route && msg?.contentType === 'FireJob' && msg.id === jobId) {
        setJob((j) => (j && j.state !== 'done' ? { ...j, ...msg } as FireJob : j));
      }
    });
    const poll = window.setInterval(() => {
      staffApi.job(jobId).then(setJob, () => undefined);
    }, 1500);
    return () => {
      off();
      window.clearInterval(poll);
    };
  }, [job?.id, job?.state, route]);

  // The report comes with the finished job from the API, not the socket.
  useEffect(() => {
    if (job?.state === 'done' && !job.report) staffApi.job(job.id).then(setJob, (err: unknown) => setError(errorText(err, t)));
  }, [job, t]);

  const groups = useMemo(() => rolesByArea(info?.roles ?? {}), [info]);
  const labels = areaLabels(t);
  const options = people.map((e) => ({ value: e.id, label: personName(e) }));

  if (error) return <Alert color="red" m="md" data-testid="staff-fire-error">{error}</Alert>;
  if (!person || !info) return <Loader m="md" />;

  const start = () => {
    setBusy(true);
    setError('');
    staffApi.fire(id, plan([...groups.keys()], all, byArea)).then(setJob, (err: unknown) => {
      setError(errorText(err, t));
      setBusy(false);
    });
  };

  // A retry runs the failures again; progress comes as in the first run.
  const retry = () => {
    if (!job) return;
    setBusy(true);
    staffApi.retry(job.id).then((j) => {
      // Without the old report, the finished job's new one is fetched.
      setJob({ ...j, report: null });
      setBusy(false);
    }, (err: unknown) => {
      setError(errorText(err, t));
      setBusy(false);
    });
  };

  return (
    <Stack p="md" gap="md" maw={900}>
      <Title order={2}>{t('staff.fire.title', { name: personName(person) })}</Title>
      {person.isWorking === false && !job && <Alert color="yellow">{t('staff.fire.already')}</Alert>}
      {!job && (
        <>
          {info.department && <Alert color="blue">{t('staff.fire.heads', { departments: info.department })}</Alert>}
          {groups.size === 0 ? (
            <Text data-testid="staff-fire-no-roles">{t('staff.fire.noRoles')}</Text>
          ) : (
            <>
              <Text>{t('staff.fire.intro')}</Text>
              <Select label={t('staff.fire.all')} data={options} value={all} onChange={setAll} searchable clearable data-testid="staff-fire-all" />
              <Table withTableBorder data-testid="staff-fire-roles">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('staff.fire.area')}</Table.Th>
                    <Table.Th>{t('staff.fire.roles')}</Table.Th>
                    <Table.Th>{t('staff.fire.to')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...groups].map(([area, roles]) => (
                    <Table.Tr key={area} data-testid={`staff-fire-area-${area}`}>
                      <Table.Td>{labels[area]}</Table.Td>
                      <Table.Td>
                        {roles.map(([role, n]) => (
                          <div key={role}>{roleLabel(t, role)}: {n}</div>
                        ))}
                      </Table.Td>
                      <Table.Td>
                        <Select size="xs" data={options} value={byArea[area] ?? null} placeholder={t('staff.fire.sameAsAll')} searchable clearable
                          onChange={(v) => setByArea((b) => ({ ...b, [area]: v }))} data-testid={`staff-fire-to-${area}`} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Text size="sm" c="dimmed">{t('staff.fire.keep')}</Text>
            </>
          )}
          <Group>
            <Button color="red" onClick={start} loading={busy} disabled={person.isWorking === false} data-testid="staff-fire-start">{t('staff.fire.start')}</Button>
            <Anchor component={RouterLink} to={`/staff/${id}/card`}>{t('staff.fire.cancel')}</Anchor>
          </Group>
        </>
      )}
      {job && job.state !== 'done' && (
        <Stack gap="xs" data-testid="staff-fire-progress">
          <Text>{t('staff.fire.running', { done: job.done, total: job.total })}</Text>
          <Progress value={job.total ? (100 * (job.done + job.failed)) / job.total : 0} animated />
        </Stack>
      )}
      {job?.state === 'done' && job.report && <FireReportView job={job} people={people} onRetry={retry} retrying={busy} />}
    </Stack>
  );
}
