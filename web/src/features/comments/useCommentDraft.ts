// The composer's state, mirrored into the draft of its subject (D's
// useDraft): restored when the screen opens again, kept after a pause in
// typing, cleared when the comment is sent.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDraft } from '../../data/drafts';
import type { Link } from '../../data/types';
import { DraftSaver, emptyDraft, readDraft, type CommentDraft } from './draft';

export function draftKey(subject: Link): string {
  return `comment:${subject.contentType}:${subject.id}`;
}

export function useCommentDraft(subject: Link) {
  const { draft, save, clear } = useDraft(draftKey(subject));
  const [value, setValue] = useState<CommentDraft>(() => readDraft(draft?.content));
  const current = useRef(value);
  const saver = useMemo(() => new DraftSaver(save, clear), [save, clear]);
  // Leaving the screen keeps what was typed in the last second too.
  useEffect(() => () => saver.flush(), [saver]);

  const change = useCallback(
    (patch: Partial<CommentDraft>) => {
      const next = { ...current.current, ...patch };
      current.current = next;
      setValue(next);
      saver.change(next);
    },
    [saver],
  );
  const reset = useCallback(() => {
    saver.cancel();
    clear();
    current.current = emptyDraft;
    setValue(emptyDraft);
  }, [saver, clear]);
  /** restore puts back what a failed send took out of the composer. */
  const restore = useCallback(
    (d: CommentDraft) => {
      current.current = d;
      setValue(d);
      saver.change(d);
    },
    [saver],
  );
  return { value, change, reset, restore };
}
