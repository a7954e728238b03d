// Discussions (spec 000 §2): /discuss/{groupId?}/{id?} — the chat group
// holds discussions (Topic), the mail group mail messages.
import { useParams } from 'react-router';
import { Card, List } from './generic';

export function DiscussRoute() {
  const { groupId, id } = useParams();
  const type = groupId === 'mail' ? 'Message' : 'Topic';
  // A bare number is a discussion opened without its group.
  if (!id && groupId && /^\d+$/.test(groupId)) return <Card contentType="Topic" id={groupId} />;
  return id ? <Card contentType={type} id={id} /> : <List contentType={type} />;
}
