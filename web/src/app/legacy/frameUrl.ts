// Addresses of old-interface pages shown inside the shell (spec 000
// "Old-interface view"): the page is told it is framed, and the flags are
// taken off again when the address returns to the browser bar.

export const FRAME_PARAMS = { hideMainMenu: '1', hideInformer: '1', spa: '1' } as const;

const BASE = 'http://frame.invalid';

/** toFrameUrl appends the three flags to a same-origin address, keeping its query and hash. */
export function toFrameUrl(address: string): string {
  const u = new URL(address, BASE);
  for (const [k, v] of Object.entries(FRAME_PARAMS)) u.searchParams.set(k, v);
  return local(u);
}

/** fromFrameUrl strips the flags, giving the plain address. */
export function fromFrameUrl(address: string): string {
  const u = new URL(address, BASE);
  for (const k of Object.keys(FRAME_PARAMS)) u.searchParams.delete(k);
  return local(u);
}

function local(u: URL): string {
  return u.pathname + u.search + u.hash;
}
