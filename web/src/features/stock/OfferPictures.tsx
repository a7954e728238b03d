// An offer's pictures on its card: its photo (the main picture) and the
// attachments that are images. A picture is uploaded here (the file
// module's upload, then attached to the offer; the first becomes the
// photo), made the main one, or taken off the offer.
import { useState } from 'react';
import { Alert, Badge, Button, Card, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import { useLinked } from '../../data/hooks';
import { addToCollection, removeFromCollection, saveEntity } from '../../data/save';
import type { Entity, Link } from '../../data/types';
import { downloadHref, uploadFile } from '../files/api';

const IMAGE = /\.(png|jpe?g|gif|webp|svg)$/i;
type FileLink = Link & { name?: string; path?: string };

/** isImage: a File read (the links carry no name) whose type or name is a picture's. */
const isImage = (f: Entity | undefined) => !!f && (String(f.mimeType ?? '').startsWith('image/') || IMAGE.test(String(f.name ?? '')));

export function OfferPictures({ id, offer, onChanged }: { id: string; offer: Entity | undefined; onChanged(): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const owner = { contentType: 'Offer', id };
  const photo = (offer?.photo as FileLink | null | undefined) ?? null;
  const attached = (offer?.attaches as FileLink[] | undefined) ?? [];
  const pictures = photo ? [photo, ...attached.filter((f) => f.id !== photo.id)] : attached;
  const act = async (fn: () => Promise<unknown>) => {
    setFailed(null);
    setBusy(true);
    try {
      await fn();
    } catch (err) {
      setFailed(errorText(err, t));
    } finally {
      setBusy(false);
      onChanged();
    }
  };
  const upload = (file: File | null) =>
    file &&
    void act(async () => {
      const link = await uploadFile(file);
      await addToCollection(owner, 'attaches', link);
      if (!photo) await saveEntity('Offer', id, { photo: link });
    });
  const remove = (f: FileLink) =>
    void act(async () => {
      if (photo?.id === f.id) await saveEntity('Offer', id, { photo: null });
      if (attached.some((a) => a.id === f.id)) await removeFromCollection(owner, 'attaches', { contentType: 'File', id: f.id });
    });
  return (
    <Stack gap="xs" data-testid="offer-pictures">
      <Group justify="space-between">
        <Title order={4}>{t('stock.offers.images')}</Title>
        <FileButton onChange={upload} accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml" inputProps={{ 'data-testid': 'offer-picture-input' } as object}>
          {(props) => (
            <Button size="xs" variant="default" loading={busy} {...props} data-testid="offer-picture-upload">
              {t('stock.pictures.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {failed && <Alert color="red">{failed}</Alert>}
      {pictures.length ? (
        <Group align="flex-start">
          {pictures.map((f) => (
            <Picture key={f.id} link={f} main={photo?.id === f.id} busy={busy}
              onMain={() => void act(() => saveEntity('Offer', id, { photo: { contentType: 'File', id: f.id } }))} onRemove={() => remove(f)} />
          ))}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('stock.offers.noImages')}
        </Text>
      )}
    </Stack>
  );
}

/** Picture is one file of the offer, shown when it is an image (the photo always). */
function Picture({ link, main, busy, onMain, onRemove }: { link: FileLink; main: boolean; busy: boolean; onMain(): void; onRemove(): void }) {
  const { t } = useTranslation();
  const file = useLinked({ contentType: 'File', id: link.id });
  if (!main && !isImage(file)) return null;
  return (
    <Card withBorder padding="xs" data-testid="offer-picture" data-main={main ? 'true' : 'false'}>
      <Image src={downloadHref({ id: link.id, path: file?.path })} alt={String(file?.name ?? '')} h={main ? 160 : 120} w="auto" radius="sm" />
      <Group gap={4} mt={4}>
        {main ? (
          <Badge size="sm">{t('stock.pictures.main')}</Badge>
        ) : (
          <Button size="compact-xs" variant="subtle" disabled={busy} onClick={onMain} data-testid="offer-picture-main">
            {t('stock.pictures.makeMain')}
          </Button>
        )}
        <Button size="compact-xs" variant="subtle" color="red" disabled={busy} onClick={onRemove}>
          {t('stock.pictures.remove')}
        </Button>
      </Group>
    </Card>
  );
}
