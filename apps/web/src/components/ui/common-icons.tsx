import type { SVGProps } from 'react';
import { Icon } from './icon';

// Outline icons more than one feature draws, in the shared 24×24 frame (decorative).

// ─── Drawings that icon sets picked by name also use (layouts, marketing pages, alerts) ───

export const mailPaths = (
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </>
);

export const globePaths = (
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </>
);

export const infoPaths = (
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5.5M12 7.5v.01" />
  </>
);

export const checkPaths = <path d="m5 12.5 4.5 4.5L19 7.5" />;

export const arrowRightPaths = <path d="M5 12h14M13 6l6 6-6 6" />;

export const chevronDownPaths = <path d="m6 9 6 6 6-6" />;

export const starPaths = <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />;

export const sparkPaths = <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6" />;

export const mapPaths = (
  <>
    <path d="M9 4 3 6.5V20l6-2.5 6 2.5 6-2.5V4l-6 2.5z" />
    <path d="M9 4v13.5M15 6.5V20" />
  </>
);

export const chartPaths = (
  <>
    <path d="M3 21h18" />
    <rect x="5" y="11" width="3" height="7" rx="1" />
    <rect x="10.5" y="5" width="3" height="13" rx="1" />
    <rect x="16" y="13" width="3" height="5" rx="1" />
  </>
);

export const userPaths = (
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>
);

export const warningPaths = (
  <>
    <path d="M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
    <path d="M12 9v4.5M12 17v.01" />
  </>
);

export const coinsPaths = (
  <>
    <ellipse cx="9" cy="7" rx="6" ry="3" />
    <path d="M3 7v5c0 1.7 2.7 3 6 3s6-1.3 6-3V7" />
    <path d="M9 15v2c0 1.7 2.7 3 6 3s6-1.3 6-3v-5c0-1.5-2.1-2.7-5-3" />
  </>
);

export const chatPaths = (
  <>
    <path d="M20 12a8 8 0 0 1-11.6 7.1L4 20l1-4A8 8 0 1 1 20 12Z" />
    <path d="M8.5 11h.01M12 11h.01M15.5 11h.01" />
  </>
);

// ─── Icons ───────────────────────────────────────────────────────────────────────────────

export const MailIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}>{mailPaths}</Icon>;

export const ClockIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Icon>
);

export const ShieldCheckIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M12 3 4 6v6c0 5 3.4 8.3 8 9 4.6-.7 8-4 8-9V6z" />
    <path d="m9 12 2 2 4-4" />
  </Icon>
);

export const TrashIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Icon>
);

/** The × of every close button (dialogs, panels, toasts). */
export const CloseIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon strokeWidth={2} {...p}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);

export const ExternalIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M14 4h6v6M20 4l-9 9" />
    <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </Icon>
);

export const GoogleIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M20 12.2c0-.6-.1-1.1-.2-1.7H12v3.3h4.5a4 4 0 0 1-1.7 2.6v2.1h2.8c1.6-1.5 2.4-3.7 2.4-6.3Z" />
    <path d="M12 20.5c2.3 0 4.2-.8 5.6-2l-2.8-2.2c-.8.5-1.7.8-2.8.8-2.2 0-4-1.5-4.7-3.4H4.5v2.2A8.5 8.5 0 0 0 12 20.5Z" />
    <path d="M7.3 13.7a5 5 0 0 1 0-3.4V8.1H4.5a8.5 8.5 0 0 0 0 7.8z" />
    <path d="M12 6.9c1.2 0 2.3.4 3.2 1.3l2.4-2.4A8.5 8.5 0 0 0 4.5 8.1l2.8 2.2C8 8.4 9.8 6.9 12 6.9Z" />
  </Icon>
);

export const ArrowRightIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}>{arrowRightPaths}</Icon>;

export const ChevronDownIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}>{chevronDownPaths}</Icon>;

export const StarIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}>{starPaths}</Icon>;

export const SparkIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}>{sparkPaths}</Icon>;

export const MapIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}>{mapPaths}</Icon>;

export const ChartIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}>{chartPaths}</Icon>;

export const UserIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}>{userPaths}</Icon>;

export const WarningIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}>{warningPaths}</Icon>;
