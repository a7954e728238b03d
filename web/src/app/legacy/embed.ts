// An embed of the whole app in another page's frame (spec 000
// "Old-interface view"): the parent window is sent to the plain address,
// so the app never runs inside itself or a foreign frame.
import { fromFrameUrl } from './frameUrl';

/** escapeFrame answers true when it sent the top window away and the app should not start. */
export function escapeFrame(win: Window = window): boolean {
  if (win.top === win.self || !win.top) return false;
  const plain = fromFrameUrl(win.location.pathname + win.location.search + win.location.hash);
  try {
    win.top.location.href = plain;
  } catch {
    // A foreign parent refuses to be navigated by us: leave the frame alone.
    return false;
  }
  return true;
}
