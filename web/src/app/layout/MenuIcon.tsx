// Icons of the main menu by the server's iconKind (spec 000 "Main menu").
import {
  IconAddressBook,
  IconBook,
  IconBriefcase,
  IconChartBar,
  IconChecklist,
  IconCoins,
  IconFileInvoice,
  IconFiles,
  IconHelp,
  IconLayoutDashboard,
  IconLayoutGrid,
  IconLink,
  IconMessages,
  IconPackage,
  IconRocket,
  IconSettings,
  IconSitemap,
  IconUser,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { CalendarIcon } from './CalendarIcon';
import { ClockIcon } from './ClockIcon';

const tablerIcons: Record<string, Icon> = {
  tasks: IconChecklist,
  clients: IconAddressBook,
  account: IconFileInvoice,
  reports: IconChartBar,
  communication: IconMessages,
  dealings: IconBriefcase,
  desktop: IconLayoutDashboard,
  docs: IconFiles,
  employees: IconUsersGroup,
  finance: IconCoins,
  link: IconLink,
  user: IconUser,
  help: IconHelp,
  settings: IconSettings,
  bpm: IconSitemap,
  upgrades: IconRocket,
  offer: IconPackage,
  workspaces: IconLayoutGrid,
  knowledge: IconBook,
};

export function MenuIcon({ kind, size = 20 }: { kind: string | null | undefined; size?: number }) {
  if (kind === 'clock') return <ClockIcon size={size} />;
  if (kind === 'calendar') return <CalendarIcon size={size} />;
  const Tabler = tablerIcons[kind ?? ''] ?? IconLink;
  return <Tabler size={size} stroke={1.6} aria-hidden />;
}
