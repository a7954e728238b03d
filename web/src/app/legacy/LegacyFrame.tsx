// The host of old-interface pages (spec 000 "Old-interface view"): a
// same-origin server page in a frame, told to hide its own menu, with its
// title copied to the tab. Outside the shell such a page is simply loaded
// by the browser, so this frame is used by shell routes only.
import { useEffect, useRef } from 'react';
import { toFrameUrl } from './frameUrl';

export const TITLE_POLL_MS = 300;

export function LegacyFrame({ src, title }: { src: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    // The frame's title changes as its page navigates, and a frame fires no
    // event for it: poll, as the spec says, every 300 ms.
    const id = setInterval(() => {
      try {
        const framed = frame.current?.contentDocument?.title;
        if (framed && document.title !== framed) document.title = framed;
      } catch {
        // a page that left our origin keeps its title to itself
      }
    }, TITLE_POLL_MS);
    return () => clearInterval(id);
  }, []);

  return (
    <iframe
      ref={frame}
      src={toFrameUrl(src)}
      title={title}
      data-testid="legacy-frame"
      style={{ border: 0, width: '100%', height: 'calc(100vh - 2 * var(--mantine-spacing-md))', display: 'block' }}
    />
  );
}

