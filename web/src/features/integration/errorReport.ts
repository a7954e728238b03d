// Uncaught errors of the web app go to POST /error/report/megaspa (spec
// 001 §7.3), each once per page load: the same message and stack top are
// deduplicated here (at most 10,000 kept, spec §9) and counted by the
// server under one fingerprint. Sent with the data layer's plain send,
// so a failed report is dropped quietly and reports nothing itself.
import { send } from '../../data/transport';

const MAX_KEPT = 10_000;
const seen = new Set<string>();

export interface Report {
  message: string;
  stack: string;
  url: string;
}

/** reportKey is what two reports of the same error share. */
export function reportKey(r: Report): string {
  return r.message + '\n' + r.stack.split('\n').slice(0, 5).join('\n');
}

/** shouldReport tells whether a report is new in this page load (and remembers it). */
export function shouldReport(r: Report): boolean {
  const key = reportKey(r);
  if (!r.message || seen.has(key) || seen.size >= MAX_KEPT) return false;
  seen.add(key);
  return true;
}

function toReport(err: unknown, fallback: string): Report {
  const e = err instanceof Error ? err : null;
  return { message: e ? `${e.name}: ${e.message}` : String(err ?? fallback), stack: e?.stack ?? '', url: window.location.pathname };
}

function report(r: Report) {
  if (!shouldReport(r)) return;
  send({ method: 'POST', path: 'error/report/megaspa', body: r }).catch(() => undefined);
}

/** installErrorReports listens for uncaught errors and rejections; it returns the uninstall. */
export function installErrorReports(): () => void {
  const onError = (e: ErrorEvent) => report(toReport(e.error, e.message));
  const onRejection = (e: PromiseRejectionEvent) => report(toReport(e.reason, 'unhandled rejection'));
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
