// File kinds (spec 000 §3) by extension. "ogg" is both an audio and a video
// container; it counts as audio, which is what people send far more often.

export type FileKind = 'image' | 'audio' | 'video' | 'other';

const KINDS: Record<string, FileKind> = {
  png: 'image', jpeg: 'image', bmp: 'image', webp: 'image', gif: 'image', jpg: 'image',
  wav: 'audio', mp3: 'audio', ogg: 'audio', aac: 'audio',
  webm: 'video', avi: 'video', mp4: 'video',
};

/**
 * Recorded voice messages are stored as files whose name starts with this
 * prefix ("audio_message_2026-03-01.ogg"); they are played inline rather
 * than listed as attachments.
 */
export const AUDIO_MESSAGE_PREFIX = 'audio_message_';

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function fileKind(name: string): FileKind {
  return KINDS[extension(name)] ?? 'other';
}

/** isAudioMessage: a recorded voice message, by its name prefix and an audio extension. */
export function isAudioMessage(name: string): boolean {
  return name.toLowerCase().startsWith(AUDIO_MESSAGE_PREFIX) && fileKind(name) === 'audio';
}
