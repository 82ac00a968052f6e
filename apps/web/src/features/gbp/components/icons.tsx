import type { SVGProps } from 'react';
import { Icon } from '../../../components/ui/icon';

// Outline icons of the gbp feature (24×24, stroke = currentColor, decorative).

export const TrendUpIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="m4 16 6-6 4 4 6-6" />
    <path d="M15 8h5v5" />
  </Icon>
);

export const TrendDownIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="m4 8 6 6 4-4 6 6" />
    <path d="M15 16h5v-5" />
  </Icon>
);

export const TrendFlatIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M4 12h16M16 8l4 4-4 4" />
  </Icon>
);
