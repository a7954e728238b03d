// The realtime client (docs/architecture.md, "Web realtime client").
export type { ConnectionState, ServerMessage } from './socket';
export {
  startRealtime,
  isMainTab,
  getConnectionState,
  onConnectionState,
  useConnectionState,
  onRealtimeEvent,
  sendRealtime,
  setRealtimeLocation,
  useLiveRoutes,
  useLiveList,
  useLiveEntity,
} from './page';
export { usePresence } from './presence';
export { Realtime } from './Realtime';
