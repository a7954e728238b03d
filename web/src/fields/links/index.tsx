// A collection of links: the first names and how many there are in cards,
// a searching multi-picker in forms.
import { useCallback, useEffect, useState } from 'react';
import { Group, MultiSelect, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Link } from '../../data/types';
import { asKind, type DisplayProps, type EditorProps } from '../types';
import { LinkName, isLink, useLinkLabel } from '../link/LinkName';
import { groupOptions, linkOf, optionValue, useLinkSearch, type LinkOption } from '../link/search';
import { useCatalog } from '../../data/catalog';

/** How many names a card shows before "and N more". */
export const SHOWN_LINKS = 5;

function linksOf(value: unknown): Link[] {
  return Array.isArray(value) ? value.filter(isLink).map((l) => ({ contentType: l.contentType, id: String(l.id) })) : [];
}

export function LinksDisplay({ value, compact }: DisplayProps<Link[]>) {
  const { t } = useTranslation();
  const links = linksOf(value);
  if (links.length === 0) return null;
  const shown = links.slice(0, compact ? 2 : SHOWN_LINKS);
  const rest = links.length - shown.length;
  return (
    <Group gap={6} component="span" wrap={compact ? 'nowrap' : 'wrap'}>
      {shown.map((l, i) => (
        <Text span inherit key={optionValue(l)}>
          <LinkName link={l} />
          {i < shown.length - 1 || rest > 0 ? ',' : ''}
        </Text>
      ))}
      {rest > 0 && (
        <Text span inherit c="dimmed">
          {t('field.links.more', { count: rest })}
        </Text>
      )}
    </Group>
  );
}

// Names one chosen link lazily (hooks cannot run in a loop); renders nothing.
function ChosenLabel({ link, onLabel }: { link: Link; onLabel(value: string, label: string): void }) {
  const label = useLinkLabel(link);
  const value = optionValue(link);
  useEffect(() => {
    if (label) onLabel(value, label);
  }, [value, label, onLabel]);
  return null;
}

export function LinksEditor({ value, onChange, field, label, error, disabled }: EditorProps<Link[]>) {
  const { t } = useTranslation();
  const { catalog } = useCatalog();
  const links = linksOf(value);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const { options, loading } = useLinkSearch(field.targets ?? [], search, opened);
  const remember = useCallback((v: string, l: string) => setLabels((prev) => (prev[v] === l ? prev : { ...prev, [v]: l })), []);
  const chosen: LinkOption[] = links.map((l) => {
    const v = optionValue(l);
    const found = options.find((o) => o.value === v);
    return found ?? { value: v, label: labels[v] ?? v, group: catalog?.byName(l.contentType)?.label ?? l.contentType, link: l };
  });
  const pick = (values: string[]) => {
    for (const v of values) {
      const o = options.find((x) => x.value === v);
      if (o) remember(v, o.label);
    }
    onChange(values.map(linkOf));
  };
  return (
    <>
      {links.map((l) => (
        <ChosenLabel key={optionValue(l)} link={l} onLabel={remember} />
      ))}
      <MultiSelect
        label={label ?? field.label}
        error={error}
        disabled={disabled}
        required={field.required}
        searchable
        clearable
        data={groupOptions([...chosen, ...options])}
        value={links.map(optionValue)}
        onChange={pick}
        searchValue={search}
        onSearchChange={setSearch}
        onDropdownOpen={() => setOpened(true)}
        filter={({ options: all }) => all}
        nothingFoundMessage={loading ? t('field.link.searching') : t('field.link.nothingFound')}
      />
    </>
  );
}

export default asKind(LinksDisplay, LinksEditor);
