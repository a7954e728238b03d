// Spec 000 §5: a user whose first and last name both equal their e-mail
// must be asked for a name. The server says so in needsName; the rule is
// applied here too for a server that does not send the flag.
import type { CurrentUser } from './types';

export function mainEmail(user: CurrentUser): string | undefined {
  const emails = (user.contactInfo ?? []).filter((c) => c.type === 'email' && c.value);
  return (emails.find((c) => c.isMain) ?? emails[0])?.value ?? (user.login?.includes('@') ? user.login : undefined);
}

export function needsName(user: CurrentUser): boolean {
  if (typeof user.needsName === 'boolean') return user.needsName;
  const email = mainEmail(user)?.trim().toLowerCase();
  if (!email) return false;
  return user.firstName?.trim().toLowerCase() === email && user.lastName?.trim().toLowerCase() === email;
}
