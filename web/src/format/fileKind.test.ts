import { describe, expect, it } from 'vitest';
import { fileKind, isAudioMessage } from './fileKind';

describe('fileKind', () => {
  it('knows the image, audio and video extensions', () => {
    for (const n of ['a.png', 'a.jpeg', 'a.bmp', 'a.webp', 'a.gif', 'a.JPG']) expect(fileKind(n), n).toBe('image');
    for (const n of ['a.wav', 'a.mp3', 'a.ogg', 'a.aac']) expect(fileKind(n), n).toBe('audio');
    for (const n of ['a.webm', 'a.avi', 'a.mp4']) expect(fileKind(n), n).toBe('video');
  });

  it('calls everything else other', () => {
    for (const n of ['a.pdf', 'README', 'archive.tar.gz', 'png']) expect(fileKind(n), n).toBe('other');
  });
});

describe('isAudioMessage', () => {
  it('recognises recorded messages by the name prefix', () => {
    expect(isAudioMessage('audio_message_2026-03-01.ogg')).toBe(true);
    expect(isAudioMessage('Audio_Message_1.mp3')).toBe(true);
    expect(isAudioMessage('song.mp3')).toBe(false);
    expect(isAudioMessage('audio_message_notes.pdf')).toBe(false);
  });
});
