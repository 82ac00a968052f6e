import { Icon } from '../../../components/ui/icon';

export const MoreIcon = () => (
  <Icon>
    <circle cx="12" cy="5" r="1.2" fill="currentColor" />
    <circle cx="12" cy="12" r="1.2" fill="currentColor" />
    <circle cx="12" cy="19" r="1.2" fill="currentColor" />
  </Icon>
);
export const SyncIcon = () => (
  <Icon className="h-4 w-4">
    <path d="M20 11a8 8 0 0 0-14.9-3.6M4 4v4h4M4 13a8 8 0 0 0 14.9 3.6M20 20v-4h-4" />
  </Icon>
);
export const MapIcon = () => (
  <Icon className="h-4 w-4">
    <path d="m9 4-6 2.5v13L9 17l6 3 6-2.5v-13L15 7 9 4Zm0 0v13m6-10v13" />
  </Icon>
);
export const GridIcon = () => (
  <Icon className="h-4 w-4">
    <path d="M4 4h16v16H4zM4 9.3h16M4 14.6h16M9.3 4v16M14.6 4v16" />
  </Icon>
);
export const StarIcon = () => (
  <svg viewBox="0 0 20 20" className="h-4 w-4 text-amber-400" fill="currentColor" aria-hidden="true">
    <path d="M10 1.8 12.5 7l5.7.6-4.3 3.9 1.2 5.6L10 14.3l-5.1 2.8 1.2-5.6L1.8 7.6 7.5 7 10 1.8Z" />
  </svg>
);
export const PinIcon = () => (
  <Icon className="h-4 w-4">
    <path d="M12 21s-6.5-5.6-6.5-11A6.5 6.5 0 0 1 18.5 10c0 5.4-6.5 11-6.5 11Z" />
    <circle cx="12" cy="10" r="2.3" />
  </Icon>
);
export const PlusIcon = () => (
  <Icon className="h-4 w-4">
    <path d="M12 5v14M5 12h14" />
  </Icon>
);
