// Picking files in a composer: each picked file uploads at once (so sending
// is quick), one over the server's limit is refused before its bytes
// travel, a failed one stays listed with the reason until dismissed. Each
// finished upload is handed to onUploaded as a File link; the composer keeps
// its attaches where it keeps its draft.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors/errorText';
import type { Link } from '../../data/types';
import { uploadFile } from './api';
import { failed, finished, MAX_FILE_BYTES, removed, started, tooLarge, type UploadState } from './uploads';

let uploadSeq = 0;

export function useUploads(onUploaded: (file: Link) => void) {
  const { t } = useTranslation();
  const [uploads, setUploads] = useState<UploadState[]>([]);
  // The callback of the render the upload ends in, not of the one it began in.
  const done = useRef(onUploaded);
  done.current = onUploaded;
  const pick = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      const key = `u${++uploadSeq}`;
      setUploads((list) => started(list, key, file.name, file.size));
      if (tooLarge(file.size)) {
        setUploads((list) => failed(list, key, t('comments.files.tooLarge', { max: MAX_FILE_BYTES >> 20 })));
        continue;
      }
      uploadFile(file).then(
        (link) => {
          setUploads((list) => finished(list, key));
          done.current(link);
        },
        (err: unknown) => setUploads((list) => failed(list, key, errorText(err, t))),
      );
    }
  };
  const dismiss = (key: string) => setUploads((list) => removed(list, key));
  return { uploads, pick, dismiss };
}
