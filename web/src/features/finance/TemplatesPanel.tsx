// The finance page's invoice templates: the administrator edits the
// printed form (header, conditions, signature lines, logo, stamp, the
// blocks printed); every invoice's PDF follows its template.
import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, FileInput, Group, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useSession } from '../../app/session/SessionContext';
import { uploadFile } from '../files';
import { BLOCKS, deleteTemplate, listTemplates, saveTemplate, type InvoiceTemplate, type TemplateInput } from './templateApi';

const blank: TemplateInput = { name: '', header: '', conditions: '', signatures: [], hidden: [], logo: [], stamp: [], isDefault: false };

function signaturesText(t: TemplateInput): string {
  return t.signatures.map((s) => (s.name ? `${s.title}; ${s.name}` : s.title)).join('\n');
}

function parseSignatures(text: string) {
  return text.split('\n').map((l) => l.trim()).filter(Boolean).map((l) => {
    const [title, name = ''] = l.split(';');
    return { title: title.trim(), name: name.trim() };
  });
}

export function TemplatesPanel() {
  const { t } = useTranslation();
  const admin = useSession().isAdmin;
  const [list, setList] = useState<InvoiceTemplate[]>([]);
  const [current, setCurrent] = useState<string | null>(null);
  const [form, setForm] = useState<TemplateInput>(blank);
  const [signs, setSigns] = useState('');
  const [failed, setFailed] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const load = async (select?: string) => {
    const got = await listTemplates();
    setList(got);
    const one = got.find((x) => x.id === select);
    setCurrent(one ? one.id : null);
    setForm(one ?? blank);
    setSigns(signaturesText(one ?? blank));
  };
  useEffect(() => { void load(); }, []);

  const pick = (id: string | null) => {
    const one = list.find((x) => x.id === id);
    setCurrent(one ? one.id : null);
    setForm(one ?? blank);
    setSigns(signaturesText(one ?? blank));
    setSaved(false);
  };
  const image = async (field: 'logo' | 'stamp', file: File | null) => {
    setFailed(null);
    try {
      setForm({ ...form, [field]: file ? [await uploadFile(file)] : [] });
    } catch (err) {
      setFailed(errorText(err, t));
    }
  };
  const save = async () => {
    setFailed(null);
    setSaved(false);
    try {
      const got = await saveTemplate(current, { ...form, signatures: parseSignatures(signs) });
      await load(got.id);
      setSaved(true);
    } catch (err) {
      setFailed(errorText(err, t));
    }
  };
  const remove = async () => {
    if (!current) return;
    try {
      await deleteTemplate(current);
      await load();
    } catch (err) {
      setFailed(errorText(err, t));
    }
  };
  if (!admin) return null;
  return (
    <Stack gap="xs" data-testid="fin-templates">
      <Title order={3}>{t('finance.templates.title')}</Title>
      <Text size="sm" c="dimmed">{t('finance.templates.hint')}</Text>
      <Select label={t('finance.templates.pick')} w={320} value={current ?? ''} onChange={(v) => pick(v || null)}
        data-testid="fin-template-pick"
        data={[{ value: '', label: t('finance.templates.new') },
          ...list.map((x) => ({ value: x.id, label: x.isDefault ? `${x.name} (${t('finance.templates.default')})` : x.name }))]} />
      <TextInput label={t('finance.templates.name')} w={320} value={form.name} data-testid="fin-template-name"
        onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} />
      <Textarea label={t('finance.templates.header')} autosize minRows={2} value={form.header} data-testid="fin-template-header"
        onChange={(e) => setForm({ ...form, header: e.currentTarget.value })} />
      <Textarea label={t('finance.templates.conditions')} autosize minRows={2} value={form.conditions}
        data-testid="fin-template-conditions" onChange={(e) => setForm({ ...form, conditions: e.currentTarget.value })} />
      <Textarea label={t('finance.templates.signatures')} description={t('finance.templates.signaturesHint')} autosize minRows={2}
        value={signs} data-testid="fin-template-signatures" onChange={(e) => setSigns(e.currentTarget.value)} />
      <Group>
        <FileInput label={t('finance.templates.logo')} accept="image/png,image/jpeg" w={240} clearable
          placeholder={form.logo.length ? t('finance.templates.imageSet') : undefined}
          onChange={(f) => void image('logo', f)} />
        <FileInput label={t('finance.templates.stamp')} accept="image/png,image/jpeg" w={240} clearable
          placeholder={form.stamp.length ? t('finance.templates.imageSet') : undefined}
          onChange={(f) => void image('stamp', f)} />
      </Group>
      <Text size="sm" fw={500}>{t('finance.templates.printed')}</Text>
      <Group>
        {BLOCKS.map((b) => (
          <Checkbox key={b} label={t(`finance.templates.blocks.${b}`)} checked={!form.hidden.includes(b)}
            data-testid={`fin-template-block-${b}`}
            onChange={(e) => setForm({ ...form, hidden: e.currentTarget.checked ? form.hidden.filter((h) => h !== b) : [...form.hidden, b] })} />
        ))}
      </Group>
      <Checkbox label={t('finance.templates.default')} checked={form.isDefault}
        onChange={(e) => setForm({ ...form, isDefault: e.currentTarget.checked })} />
      <Group>
        <Button onClick={() => void save()} disabled={!form.name.trim()} data-testid="fin-template-save">{t('finance.templates.save')}</Button>
        {current && <Button color="red" variant="light" onClick={() => void remove()}>{t('finance.templates.delete')}</Button>}
      </Group>
      {saved && <Alert color="green">{t('finance.templates.saved')}</Alert>}
      {failed && <Alert color="red">{failed}</Alert>}
    </Stack>
  );
}
