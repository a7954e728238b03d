// One lead form: what a post makes (a client, or a deal in a process),
// who gets it, the text after sending, the captcha; its fields; the page
// and its look; the page as a visitor sees it and the snippet a site embeds.
import { Alert, Button, Checkbox, Code, CopyButton, Group, Select, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../data/api';
import type { Entity, Link } from '../../../data/types';
import ElementsEditor from './ElementsEditor';
import { getForm, listElements, saveForm, snippet, type Element } from './leadFormApi';
import { themeBody, themeOf, type Theme } from './theme';
import ThemeEditor from './ThemeEditor';

interface Draft {
  name: string;
  type: string;
  clientType: string;
  program: string | null;
  programState: string | null;
  afterSubmitText: string;
  isCaptchaEnabled: boolean;
  needNotify: boolean;
  active: boolean;
  theme: Theme;
}

const EMPTY: Draft = { name: '', type: 'contractor', clientType: 'human', program: null, programState: null, afterSubmitText: '',
  isCaptchaEnabled: true, needNotify: true, active: true, theme: {} };

const idOf = (v: unknown) => ((v as Link | null | undefined)?.id ? String((v as Link).id) : null);

function draftOf(f: Entity): Draft {
  return { name: String(f.name ?? ''), type: String(f.type ?? 'contractor'), clientType: String(f.clientType ?? 'human'),
    program: idOf(f.program), programState: idOf(f.programState), afterSubmitText: String(f.afterSubmitText ?? ''),
    isCaptchaEnabled: Boolean(f.isCaptchaEnabled), needNotify: Boolean(f.needNotify), active: Boolean(f.active),
    theme: themeOf(f.theme) };
}

export default function LeadFormEditor({ id }: { id: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState<Entity | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [elements, setElements] = useState<Element[]>([]);
  const [programs, setPrograms] = useState<Entity[]>([]);
  const [states, setStates] = useState<Entity[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [version, setVersion] = useState(0);
  const fail = (e: unknown) => setError(e instanceof Error ? e.message : String(e));
  const reloadElements = useCallback(() => {
    if (id) listElements(id).then((list) => { setElements(list); setVersion((v) => v + 1); }, fail);
  }, [id]);
  useEffect(() => {
    if (id) getForm(id).then((f) => { setForm(f); setDraft(draftOf(f)); }, fail);
    reloadElements();
    api.get<Entity[]>('program', { fields: ['name'], limit: 100 }).then((r) => setPrograms(r.data), () => setPrograms([]));
  }, [id, reloadElements]);
  useEffect(() => {
    if (!draft.program) return setStates([]);
    api.get<Entity[]>('programState', { fields: ['name', 'program'], limit: 200 }).then(
      (r) => setStates(r.data.filter((s) => idOf(s.program) === draft.program)), () => setStates([]));
  }, [draft.program]);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const save = () => {
    setSaving(true);
    setError(null);
    const link = (type: string, v: string | null) => (v ? { contentType: type, id: v } : null);
    const body = { ...draft, program: draft.type === 'deal' ? link('Program', draft.program) : null,
      programState: draft.type === 'deal' ? link('ProgramState', draft.programState) : null, theme: themeBody(draft.theme) };
    saveForm(id, body).then((f) => {
      setSaving(false);
      setForm(f);
      setVersion((v) => v + 1);
      if (!id) navigate(`/settings/integrations/customLeadForm/${f.id}`, { replace: true });
    }, (e: unknown) => { setSaving(false); fail(e); });
  };
  const page = form?.uuid ? `${window.location.origin}/form/${String(form.uuid)}` : null;
  return (
    <Stack gap="md" maw={900} data-testid="lead-form-editor">
      <Title order={2}>{id ? draft.name || t('crm.leadForm.title') : t('crm.leadForm.new')}</Title>
      {error && <Alert color="red" withCloseButton onClose={() => setError(null)}>{error}</Alert>}
      <TextInput label={t('crm.leadForm.name')} value={draft.name} onChange={(e) => set({ name: e.currentTarget.value })} data-testid="lead-form-name" />
      <Group grow>
        <Select label={t('crm.leadForm.type')} allowDeselect={false} value={draft.type} onChange={(v) => set({ type: v ?? 'contractor' })}
          data={['contractor', 'deal'].map((v) => ({ value: v, label: t(`crm.leadForm.kind.${v}`) }))} />
        <Select label={t('crm.leadForm.clientType')} allowDeselect={false} value={draft.clientType} onChange={(v) => set({ clientType: v ?? 'human' })}
          data={['human', 'company', 'WITHOUT_CONTRACTOR'].map((v) => ({ value: v, label: t(`crm.leadForm.client.${v}`) }))} />
      </Group>
      {draft.type === 'deal' && (
        <Group grow>
          <Select label={t('crm.leadForm.program')} value={draft.program} onChange={(v) => set({ program: v, programState: null })}
            data={programs.map((p) => ({ value: String(p.id), label: String(p.name) }))} />
          <Select label={t('crm.leadForm.state')} value={draft.programState} onChange={(v) => set({ programState: v })} clearable
            data={states.map((s) => ({ value: String(s.id), label: String(s.name) }))} />
        </Group>
      )}
      <Textarea label={t('crm.leadForm.afterSubmit')} value={draft.afterSubmitText} autosize minRows={2}
        onChange={(e) => set({ afterSubmitText: e.currentTarget.value })} />
      <Group>
        <Checkbox label={t('crm.leadForm.captcha')} checked={draft.isCaptchaEnabled} onChange={(e) => set({ isCaptchaEnabled: e.currentTarget.checked })} />
        <Checkbox label={t('crm.leadForm.notify')} checked={draft.needNotify} onChange={(e) => set({ needNotify: e.currentTarget.checked })} />
        <Checkbox label={t('crm.leadForm.active')} checked={draft.active} onChange={(e) => set({ active: e.currentTarget.checked })} />
      </Group>
      <ThemeEditor theme={draft.theme} onChange={(theme) => set({ theme })} />
      <Group justify="flex-end">
        <Button loading={saving} onClick={save} disabled={!draft.name.trim()} data-testid="lead-form-save">{t('crm.leadForm.save')}</Button>
      </Group>
      {id && <ElementsEditor form={id} saved={form} elements={elements} onChanged={reloadElements} onError={setError} />}
      {page && (
        <Stack gap="xs">
          <Title order={4}>{t('crm.leadForm.embed')}</Title>
          <Group gap="xs" wrap="nowrap">
            <Code data-testid="lead-form-snippet" style={{ wordBreak: 'break-all' }}>{snippet(window.location.origin, String(form?.uuid))}</Code>
            <CopyButton value={snippet(window.location.origin, String(form?.uuid))}>
              {({ copied, copy }) => <Button size="compact-xs" variant="light" onClick={copy}>{copied ? t('crm.leadForm.copied') : t('crm.leadForm.copy')}</Button>}
            </CopyButton>
          </Group>
          <Title order={4}>{t('crm.leadForm.preview')}</Title>
          <iframe key={version} src={page} title={t('crm.leadForm.preview')} data-testid="lead-form-preview"
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, width: '100%', maxWidth: 520, height: 600 }} />
        </Stack>
      )}
    </Stack>
  );
}
