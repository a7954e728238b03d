// A single link to another entity: its name in cards, a searching picker in forms.
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCatalog } from '../../data/catalog';
import type { Link } from '../../data/types';
import { asKind, type DisplayProps, type EditorProps } from '../types';
import { LinkName, isLink, useLinkLabel } from './LinkName';
import { groupOptions, linkOf, optionValue, useLinkSearch, type LinkOption } from './search';

export function LinkDisplay({ value }: DisplayProps<Link>) {
  if (!isLink(value)) return null;
  return <LinkName link={value} />;
}

/** useSelectedOption is the option of a chosen link, named as the search names it. */
export function useSelectedOption(link: Link | null): LinkOption | null {
  const { catalog } = useCatalog();
  const label = useLinkLabel(link);
  if (!link) return null;
  return { value: optionValue(link), label, group: catalog?.byName(link.contentType)?.label ?? link.contentType, link };
}

export function LinkEditor({ value, onChange, field, label, error, disabled }: EditorProps<Link>) {
  const { t } = useTranslation();
  const link = isLink(value) ? { contentType: value.contentType, id: String(value.id) } : null;
  const selected = useSelectedOption(link);
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  // The input shows the chosen name; only other text is a query.
  const query = search === selected?.label ? '' : search;
  const { options, loading } = useLinkSearch(field.targets ?? [], query, opened);
  return (
    <Select
      label={label ?? field.label}
      error={error}
      disabled={disabled}
      required={field.required}
      searchable
      clearable={!field.required}
      data={groupOptions(selected ? [selected, ...options] : options)}
      value={link ? optionValue(link) : null}
      onChange={(v) => onChange(v ? linkOf(v) : null)}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      filter={({ options: all }) => all}
      nothingFoundMessage={loading ? t('field.link.searching') : t('field.link.nothingFound')}
      placeholder={t('field.link.placeholder')}
    />
  );
}

export default asKind(LinkDisplay, LinkEditor);
