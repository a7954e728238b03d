// The composer's draft (spec 001 §4.6, §5, §9): kept 1000 ms after the
// last keystroke, and only while there is something written or attached;
// an emptied composer clears it. Attached files are already uploaded
// (their links are kept); uploads still running are not part of a draft.
import type { Link } from '../../data/types';

export const DRAFT_DELAY_MS = 1000;

export interface CommentDraft {
  text: string;
  /** Worked time in seconds, or null. */
  workTime: number | null;
  replyTo: Link | null;
  /** Uploaded files (File links) the comment will carry. */
  attaches: Link[];
}

export const emptyDraft: CommentDraft = { text: '', workTime: null, replyTo: null, attaches: [] };

/** hasContent: a comment needs text or a file (spec 001 §5). */
export function hasContent(d: CommentDraft): boolean {
  return d.text.trim() !== '' || d.attaches.length > 0;
}

function isLink(v: unknown): v is Link {
  return typeof v === 'object' && v !== null && typeof (v as Link).contentType === 'string' && typeof (v as Link).id === 'string';
}

/** readDraft accepts what an older or foreign hand stored, field by field. */
export function readDraft(content: unknown): CommentDraft {
  if (typeof content !== 'object' || content === null) return emptyDraft;
  const c = content as Partial<CommentDraft>;
  return {
    text: typeof c.text === 'string' ? c.text : '',
    workTime: typeof c.workTime === 'number' ? c.workTime : null,
    replyTo: c.replyTo && typeof c.replyTo === 'object' ? c.replyTo : null,
    attaches: Array.isArray(c.attaches) ? c.attaches.filter(isLink) : [],
  };
}

/** DraftSaver waits for a pause in typing, then saves the draft or clears it. */
export class DraftSaver {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private last: CommentDraft | undefined;

  constructor(
    private readonly save: (d: CommentDraft) => void,
    private readonly clear: () => void,
    private readonly delay = DRAFT_DELAY_MS,
  ) {}

  change(d: CommentDraft) {
    this.cancel();
    this.last = d;
    this.timer = setTimeout(() => this.flush(), this.delay);
  }

  /** flush keeps a change still waiting at once (the composer is going away). */
  flush() {
    const d = this.last;
    if (this.timer === undefined || !d) return;
    this.cancel();
    if (hasContent(d)) this.save(d);
    else this.clear();
  }

  /** cancel drops a change not yet kept (the comment was sent). */
  cancel() {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
