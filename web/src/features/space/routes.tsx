// The workspaces (spec 000 §2: /workspaces, /workspaces/{uid}; /spaces
// redirects here): {uid} is the open element's id; /workspaces/trash
// the reader's trash.
import { useParams } from 'react-router';
import { SpacesPage } from './SpacesPage';

export function SpacesRoute() {
  const { uid } = useParams();
  return <SpacesPage uid={uid && /^\d+$/.test(uid) ? uid : undefined} trash={uid === 'trash'} />;
}
