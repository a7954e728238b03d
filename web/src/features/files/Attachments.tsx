// Files of a comment (or any entity's attaches): an icon by kind, the name
// as a download link, the size; and the composer's uploads still running
// or failed. Names come from the File entities, gathered like any link.
import { ActionIcon, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { IconFile, IconMovie, IconMusic, IconPhoto, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLinked } from '../../data/hooks';
import type { Link } from '../../data/types';
import { fileKind, type FileKind } from '../../format/fileKind';
import { downloadHref } from './api';
import type { UploadState } from './uploads';

const ICONS: Record<FileKind, typeof IconFile> = { image: IconPhoto, audio: IconMusic, video: IconMovie, other: IconFile };

function KindIcon({ name }: { name: string }) {
  const Icon = ICONS[fileKind(name)];
  return <Icon size={16} aria-hidden data-kind={fileKind(name)} />;
}

/** formatSize: bytes in the largest unit that keeps a number of at least 1. */
export function formatSize(bytes: number, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (bytes < 1024) return t('comments.files.bytes', { count: bytes });
  if (bytes < 1 << 20) return t('comments.files.kb', { value: (bytes / 1024).toFixed(0) });
  return t('comments.files.mb', { value: (bytes / (1 << 20)).toFixed(1) });
}

function AttachedFile({ link, onRemove, preview }: { link: Link; onRemove?(): void; preview?: boolean }) {
  const { t } = useTranslation();
  const file = useLinked(link);
  const name = typeof file?.name === 'string' ? file.name : t('comments.files.unnamed');
  const size = typeof file?.size === 'number' ? file.size : undefined;
  const href = downloadHref({ id: link.id, path: file?.path });
  const row = (
    <Group gap={6} wrap="nowrap" data-testid="attachment">
      <KindIcon name={name} />
      <Anchor size="sm" href={href} download={name} title={t('comments.files.download')}>
        {name}
      </Anchor>
      {size !== undefined && (
        <Text size="xs" c="dimmed">
          {formatSize(size, t)}
        </Text>
      )}
      {onRemove && (
        <ActionIcon size="sm" variant="subtle" aria-label={t('comments.files.remove', { name })} onClick={onRemove}>
          <IconX size={14} />
        </ActionIcon>
      )}
    </Group>
  );
  if (!preview || !file || fileKind(name) !== 'image') return row;
  // An image is shown small above its name; the full one opens in a tab.
  return (
    <Stack gap={2}>
      <Anchor href={href} target="_blank" rel="noopener">
        <img src={href} alt={name} loading="lazy" data-testid="attachment-preview"
          style={{ display: 'block', maxWidth: 200, maxHeight: 140, borderRadius: 4, objectFit: 'contain' }} />
      </Anchor>
      {row}
    </Stack>
  );
}

/** AttachmentList shows File links; onRemove makes each removable (the composer); previews shows images small. */
export function AttachmentList({ files, onRemove, previews }: { files: Link[]; onRemove?(file: Link): void; previews?: boolean }) {
  if (files.length === 0) return null;
  return (
    <Stack gap={2} data-testid="attachments">
      {files.map((f) => (
        <AttachedFile key={`${f.contentType}:${f.id}`} link={f} onRemove={onRemove && (() => onRemove(f))} preview={previews} />
      ))}
    </Stack>
  );
}

/** PendingUploads lists uploads in flight (a spinner) and failed ones (the reason, dismissible). */
export function PendingUploads({ uploads, onDismiss }: { uploads: UploadState[]; onDismiss(key: string): void }) {
  const { t } = useTranslation();
  if (uploads.length === 0) return null;
  return (
    <Stack gap={2} data-testid="pending-uploads">
      {uploads.map((u) => (
        <Group key={u.key} gap={6} wrap="nowrap" data-testid="pending-upload" data-status={u.status}>
          {u.status === 'uploading' ? <Loader size={14} /> : <KindIcon name={u.name} />}
          <Text size="sm" c={u.status === 'failed' ? 'red' : undefined}>
            {u.status === 'uploading' ? t('comments.files.uploading', { name: u.name }) : t('comments.files.failed', { name: u.name, error: u.error })}
          </Text>
          {u.status === 'failed' && (
            <ActionIcon size="sm" variant="subtle" aria-label={t('comments.files.dismiss')} onClick={() => onDismiss(u.key)}>
              <IconX size={14} />
            </ActionIcon>
          )}
        </Group>
      ))}
    </Stack>
  );
}
