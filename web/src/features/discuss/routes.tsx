// Discussions (spec 000 §2): /discuss/{groupId?}/{id?}. The chat group
// (and a bare id, or no group) opens the messenger; the mail group keeps
// the generic screens of mail messages until mail is built.
import { useParams } from 'react-router';
import { Card, List } from '../../app/areas/generic';
import { Messenger } from './Messenger';

export function DiscussRoute() {
  const { groupId, id } = useParams();
  if (groupId === 'mail') return id ? <Card contentType="Message" id={id} /> : <List contentType="Message" />;
  // A bare number is a chat opened without its group.
  const chat = id ?? (groupId && /^\d+$/.test(groupId) ? groupId : undefined);
  return <Messenger chatId={chat} />;
}
