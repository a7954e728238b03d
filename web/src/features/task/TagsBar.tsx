// Tags on a task or project: each removable, new ones added by name (an
// existing tag or a new one; the server decides, names are unique
// regardless of case). Seeing the record is enough to label it.
import { useEffect, useRef, useState } from 'react';
import { Autocomplete, Badge, CloseButton, Group } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useLinked } from '../../data/hooks';
import type { Entity, Link } from '../../data/types';
import { isLink } from '../../fields/link/LinkName';
import { addTag, removeTag, tagVariants } from './taskApi';

function TagBadge({ tag, onRemove }: { tag: Link; onRemove(): void }) {
  const { t } = useTranslation();
  const entity = useLinked(tag);
  const name = typeof entity?.name === 'string' ? entity.name : `#${tag.id}`;
  return (
    <Badge
      variant="light"
      data-testid="task-tag"
      rightSection={<CloseButton size="xs" variant="transparent" aria-label={t('task.tags.remove', { name })} onClick={onRemove} />}
    >
      {name}
    </Badge>
  );
}

export function TagsBar({ entity }: { entity: Entity }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [variants, setVariants] = useState<string[]>([]);
  const [query] = useDebouncedValue(text.trim(), 250);
  // The suggestion just added, which the input would write back into itself.
  const picked = useRef<string | null>(null);
  const link = { contentType: entity.contentType, id: String(entity.id) };
  const tags = (Array.isArray(entity.tags) ? entity.tags : []).filter(isLink).map((l) => ({ contentType: l.contentType, id: String(l.id) }));

  useEffect(() => {
    if (!query) return;
    let live = true;
    tagVariants(query).then(
      (found) => live && setVariants([...new Set(found.map((x) => String(x.name ?? '')).filter(Boolean))]),
      () => live && setVariants([]),
    );
    return () => {
      live = false;
    };
  }, [query]);

  const fail = (err: unknown) => notifications.show({ color: 'red', title: t('task.tags.failed'), message: errorText(err, t) });
  const add = (name: string) => {
    const clean = name.trim();
    if (!clean) return;
    setText('');
    addTag(link, clean).catch(fail);
  };

  return (
    <Group gap={6} data-testid="task-tags">
      {tags.map((tag) => (
        <TagBadge key={tag.id} tag={tag} onRemove={() => removeTag(link, tag).catch(fail)} />
      ))}
      {/* A form: Enter with no suggestion picked adds the typed name. */}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add(text);
        }}
      >
        <Autocomplete
          size="xs"
          w={180}
          placeholder={t('task.tags.add')}
          aria-label={t('task.tags.add')}
          data={query ? variants : []}
          value={text}
          onChange={(v) => {
            setText(v === picked.current ? '' : v);
            picked.current = null;
          }}
          onOptionSubmit={(v) => {
            picked.current = v;
            add(v);
          }}
          data-testid="task-tag-input"
        />
      </form>
    </Group>
  );
}
