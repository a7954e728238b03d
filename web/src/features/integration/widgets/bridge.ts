// The widget API (docs/integration.md): a widget runs in a sandboxed
// iframe and asks its host card by postMessage. Every message is checked
// here — it must come from that widget's own frame, from the opaque
// origin ('null') the sandbox gives every widget (code Artel serves and
// an app's own page alike: none gets allow-same-origin), and what it asks
// must be within its app's scopes.
// The host answers on the frame's window only, so no other frame hears.

export interface WidgetInfo {
  uuid: string;
  url: string; // '' for code Artel serves at /widget/{uuid}
  name: string;
  appName: string;
  scope: string[];
  settings: Record<string, string>;
}

export interface Link {
  contentType: string;
  id: string;
}

export interface Host {
  placeholder: string;
  entity: Record<string, unknown> | null;
  openCard(link: Link): void;
  notice(text: string): void;
  resize(height: number): void;
}

export interface Reply {
  artel: 1;
  id: unknown;
  ok: boolean;
  data?: unknown;
  error?: string;
}

/** The message types a widget may send. */
export const MESSAGE_TYPES = ['getContext', 'openCard', 'notice', 'resize'] as const;

/** widgetSrc is where the widget's frame loads from. */
export function widgetSrc(w: WidgetInfo): string {
  return w.url || `/widget/${encodeURIComponent(w.uuid)}`;
}

/**
 * expectedOrigin is the only origin a widget's messages may come from:
 * the sandbox's opaque one. A message with a real origin comes from a
 * frame that is not sandboxed, so not one of ours.
 */
export function expectedOrigin(w: WidgetInfo): string {
  return w.url === undefined ? '' : 'null';
}

/** endpointOf names a type's API section as scopes do: Task → task. */
export function endpointOf(contentType: string): string {
  return contentType.charAt(0).toLowerCase() + contentType.slice(1);
}

/** mayRead tells whether the app's scopes let it read a type. */
export function mayRead(scope: string[], contentType: string): boolean {
  const ep = endpointOf(contentType);
  return scope.includes(`${ep}:read`) || scope.includes(`${ep}:write`);
}

function isLink(v: unknown): v is Link {
  const l = v as Link | null;
  return !!l && typeof l === 'object' && typeof l.contentType === 'string' && /^[A-Z][A-Za-z]{1,40}$/.test(l.contentType) &&
    (typeof l.id === 'string' || typeof l.id === 'number') && /^\d{1,19}$/.test(String(l.id));
}

/**
 * handleMessage answers one message event for one widget, or null when
 * the event is not this widget's (another frame, another origin, not an
 * API message): those are ignored, not answered.
 */
export function handleMessage(ev: { source: unknown; origin: string; data: unknown }, frame: unknown, w: WidgetInfo, host: Host): Reply | null {
  if (!frame || ev.source !== frame || ev.origin !== expectedOrigin(w)) return null;
  const m = ev.data as { artel?: unknown; id?: unknown; type?: unknown; data?: unknown } | null;
  if (!m || typeof m !== 'object' || m.artel !== 1) return null;
  const id = typeof m.id === 'string' || typeof m.id === 'number' ? m.id : null;
  const no = (error: string): Reply => ({ artel: 1, id, ok: false, error });
  const yes = (data?: unknown): Reply => ({ artel: 1, id, ok: true, data });
  const data = (m.data ?? {}) as Record<string, unknown>;
  switch (m.type) {
    case 'getContext': {
      const e = host.entity;
      const type = e && typeof e.contentType === 'string' ? e.contentType : null;
      if (type && !mayRead(w.scope, type)) return no('scope');
      // A plain copy: the widget gets data, never the host's objects.
      const entity = e ? (JSON.parse(JSON.stringify(e)) as unknown) : null;
      return yes({ placeholder: host.placeholder, entity, settings: { ...w.settings }, widget: { uuid: w.uuid, name: w.name } });
    }
    case 'openCard': {
      if (!isLink(data)) return no('bad_request');
      if (!mayRead(w.scope, data.contentType)) return no('scope');
      host.openCard({ contentType: data.contentType, id: String(data.id) });
      return yes();
    }
    case 'notice': {
      if (typeof data.text !== 'string' || data.text.trim() === '') return no('bad_request');
      host.notice(data.text.slice(0, 300));
      return yes();
    }
    case 'resize': {
      const h = Number(data.height);
      if (!Number.isFinite(h)) return no('bad_request');
      host.resize(Math.min(2000, Math.max(24, Math.round(h))));
      return yes();
    }
    default:
      return no('unknown_type');
  }
}
