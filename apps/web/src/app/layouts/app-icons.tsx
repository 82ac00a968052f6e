import { BriefcaseIcon, CalendarClockIcon, ChartColumnIcon, HistoryIcon, HouseIcon, LifeBuoyIcon, type LucideIcon, MapIcon, StarIcon, UserCogIcon, UserIcon, UsersIcon } from 'lucide-react';

// The signed-in navigation's icons, chosen by each item's `icon` key in app-nav.ts.
const appIcons = {
  home: HouseIcon,
  map: MapIcon,
  briefcase: BriefcaseIcon,
  calendar: CalendarClockIcon,
  chart: ChartColumnIcon,
  star: StarIcon,
  support: LifeBuoyIcon,
  user: UserIcon,
  clients: UsersIcon,
  team: UserCogIcon,
  activity: HistoryIcon,
} satisfies Record<string, LucideIcon>;

export type AppIconName = keyof typeof appIcons;

export function AppIcon({ name, className }: { name: AppIconName; className: string }) {
  const Icon = appIcons[name];
  return <Icon className={`shrink-0 ${className}`} />;
}
