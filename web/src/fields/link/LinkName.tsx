// A linked entity by its display name, resolved lazily, leading to its card.
import { Anchor } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cardPath } from '../../app/paths';
import { useCatalog } from '../../data/catalog';
import { useLinked } from '../../data/hooks';
import type { Link } from '../../data/types';
import { displayName } from '../../format/displayName';

/** useLinkLabel is the display name of a link, or "<type> #id" until it resolves. */
export function useLinkLabel(link: Link | null | undefined): string {
  const { t } = useTranslation();
  const { catalog } = useCatalog();
  const linked = useLinked(link);
  if (!link) return '';
  return displayName(linked ?? link, t, catalog?.byName(link.contentType)?.label);
}

export function LinkName({ link }: { link: Link }) {
  const label = useLinkLabel(link);
  return (
    <Anchor component={RouterLink} to={cardPath(link)} inherit onClick={(e) => e.stopPropagation()}>
      {label}
    </Anchor>
  );
}

export function isLink(v: unknown): v is Link {
  return typeof v === 'object' && v !== null && typeof (v as Link).contentType === 'string' && (v as Link).id !== undefined && (v as Link).id !== null;
}
