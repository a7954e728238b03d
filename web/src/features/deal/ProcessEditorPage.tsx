// /bp/{slug}/settings: the process editor. The process drawn as a flow,
// then its states, transitions and triggers, each written at once; any
// refusal of the server (an administrator's right, a bad rule) is shown
// above. /bp/new makes a process and opens its editor.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Center, Group, Loader, ScrollArea, Stack, TextInput, Title } from '@mantine/core';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { FieldsEditor } from './FieldsEditor';
import { useProgramFields } from './programFields';
import { createProgram, loadProcess, renameProgram, type Process } from './processApi';
import { ProcessFlow } from './ProcessFlow';
import { ProgramGroupSelect } from './ProgramGroupSelect';
import { ruleFields } from './ruleFields';
import { StatesEditor } from './StatesEditor';
import { TransitionsEditor } from './TransitionsEditor';
import { TriggersEditor } from './TriggersEditor';

export function NewProcessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = async () => {
    if (!name.trim()) return;
    try {
      navigate(`/bp/${await createProgram(name.trim())}/settings`);
    } catch (err) {
      setError(errorText(err, t));
    }
  };
  return (
    <Stack p="md" gap="sm" maw={520}>
      <Title order={2}>{t('deal.editor.newProcess')}</Title>
      {error && <Alert color="red">{error}</Alert>}
      <TextInput label={t('deal.editor.processName')} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="process-new-name"
        onKeyDown={(e) => e.key === 'Enter' && void create()} />
      <Button onClick={() => void create()} data-testid="process-new-create" style={{ alignSelf: 'flex-start' }}>
        {t('deal.editor.create')}
      </Button>
    </Stack>
  );
}

export default function ProcessEditorPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation();
  const [process, setProcess] = useState<Process | null>(null);
  const [error, setError] = useState<string | null>(null);
  const own = useProgramFields(slug);
  // Conditions read the fields this program's deals have, kept fresh as
  // the fields section changes them.
  const fields = ruleFields(t, own.fields);
  const reloadFields = own.reload;
  const reload = useCallback(
    () => Promise.all([loadProcess(slug).then(setProcess, (err) => setError(errorText(err, t))), reloadFields()]),
    [slug, t, reloadFields],
  );
  useEffect(() => void reload(), [reload]);
  // Every change is one or more calls, then the process read afresh.
  const run = useCallback(
    async (work: () => Promise<unknown>) => {
      setError(null);
      let ok = true;
      try {
        await work();
      } catch (err) {
        setError(errorText(err, t));
        ok = false;
      }
      await reload();
      return ok;
    },
    [reload, t],
  );
  if (!process) {
    return error ? <Alert m="md" color="red">{error}</Alert> : <Center h={200}><Loader /></Center>;
  }
  return (
    <Stack p="md" gap="md" data-testid="process-editor">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={2}>{t('deal.editor.title')}</Title>
          <TextInput key={process.name} defaultValue={process.name} aria-label={t('deal.editor.processName')} data-testid="process-name"
            onBlur={(e) => e.currentTarget.value.trim() && e.currentTarget.value !== process.name && void run(() => renameProgram(slug, e.currentTarget.value.trim()))} />
        </Group>
        <Button component={RouterLink} to={`/bp/${slug}/list`} variant="default" size="xs" data-testid="process-open-deals">
          {t('deal.editor.openDeals')}
        </Button>
      </Group>
      <ProgramGroupSelect programId={slug} group={process.group} run={run} />
      {error && (
        <Alert color="red" withCloseButton onClose={() => setError(null)} data-testid="process-error" style={{ whiteSpace: 'pre-line' }}>
          {error}
        </Alert>
      )}
      <ScrollArea type="auto" offsetScrollbars>
        <ProcessFlow states={process.states} transitions={process.transitions} />
      </ScrollArea>
      <Title order={4}>{t('deal.editor.states')}</Title>
      <StatesEditor programId={slug} states={process.states} run={run} />
      <Title order={4}>{t('deal.editor.transitions')}</Title>
      <TransitionsEditor states={process.states} transitions={process.transitions} fields={fields} run={run} />
      <Title order={4}>{t('deal.editor.fields.title')}</Title>
      <FieldsEditor programId={slug} fields={own.fields} run={run} />
      <Title order={4}>{t('deal.editor.triggers')}</Title>
      <TriggersEditor programId={slug} states={process.states} triggers={process.triggers} fields={fields} run={run} />
    </Stack>
  );
}
