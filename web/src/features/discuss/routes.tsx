// Discussions (spec 000 §2): /discuss/{groupId?}/{id?}. The chat group
// (and a bare id, or no group) opens the messenger; the mail group the
// mail view, a letter opened by its id.
import { useParams } from 'react-router';
import { MailView } from './MailView';
import { Messenger } from './Messenger';

export function DiscussRoute() {
  const { groupId, id } = useParams();
  if (groupId === 'mail') return <MailView id={id} />;
  // A bare number is a chat opened without its group.
  const chat = id ?? (groupId && /^\d+$/.test(groupId) ? groupId : undefined);
  return <Messenger chatId={chat} />;
}
