// The page's one realtime client: start it once the user is signed in,
// ask whether this tab is the main one, read the connection state, hold
// routes for what a screen shows, hear server messages.
import { useEffect, useSyncExternalStore } from 'react';
import { RealtimeClient, type ClientOptions } from './client';
import { entityRoutes, registry, typeRoutes } from './registry';
import { TabChannelUnsupportedError, type ChannelLike } from './tabs';
import type { ConnectionState, ServerMessage } from './socket';

let client: RealtimeClient | undefined;
const stateListeners = new Set<() => void>();
const eventListeners = new Set<(m: ServerMessage) => void>();

/** A channel that reaches no other tab: this tab runs alone and becomes main. */
const lonely: ChannelLike = { postMessage() {}, close() {}, onmessage: null };

function notifyState() {
  for (const fn of [...stateListeners]) fn();
}

/**
 * startRealtime starts the live socket and everything around it; it
 * answers the function that stops it. Call it once the user is signed in.
 */
export function startRealtime(opts: ClientOptions = {}): () => void {
  if (client) return () => {};
  let c: RealtimeClient;
  try {
    c = new RealtimeClient(opts);
  } catch (err) {
    if (!(err instanceof TabChannelUnsupportedError)) throw err;
    // Spec 001 §4.2: an error. Said loudly, and this tab goes on alone.
    console.error('artel realtime:', err.message);
    c = new RealtimeClient({ ...opts, channel: lonely });
  }
  client = c;
  const offs = [c.onState(notifyState), c.onEvent((m) => eventListeners.forEach((fn) => fn(m)))];
  c.start();
  notifyState();
  return () => {
    if (client !== c) return;
    offs.forEach((off) => off());
    c.stop();
    client = undefined;
    notifyState();
  };
}

/** isMainTab tells whether this tab holds the socket (false before the client starts). */
export function isMainTab(): boolean {
  return client?.isMain() ?? false;
}

export function getConnectionState(): ConnectionState {
  return client?.state() ?? 'socketDisconnected';
}

export function onConnectionState(fn: () => void): () => void {
  stateListeners.add(fn);
  return () => stateListeners.delete(fn);
}

/** useConnectionState re-renders on 'connected' / 'socketDisconnected'. */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(onConnectionState, getConnectionState);
}

/** onRealtimeEvent hears every server message of the routes subscribed (in every tab). */
export function onRealtimeEvent(fn: (m: ServerMessage) => void): () => void {
  eventListeners.add(fn);
  return () => eventListeners.delete(fn);
}

/** sendRealtime sends a client message (broadcast to the user's own routes) through the main tab's socket. */
export function sendRealtime(msg: object) {
  client?.send(msg);
}

/** setRealtimeLocation tells the client which address is shown (the open card, the list). */
export function setRealtimeLocation(pathname: string, search: string) {
  client?.setLocation(pathname, search);
}

/** useLiveRoutes holds routes while the component is mounted. */
export function useLiveRoutes(routes: string[]) {
  const key = routes.join('\n');
  useEffect(() => (key ? registry.hold(key.split('\n')) : undefined), [key]);
}

/** useLiveList keeps a type's events coming while a list of it is shown outside its own address. */
export function useLiveList(contentType: string | undefined) {
  useLiveRoutes(contentType ? typeRoutes(contentType) : []);
}

/** useLiveEntity keeps an entity's events coming while it is shown outside its card address. */
export function useLiveEntity(contentType: string | undefined, id: string | undefined) {
  useLiveRoutes(contentType && id ? [...typeRoutes(contentType), ...entityRoutes(contentType, id)] : []);
}
