import type { SVGProps } from 'react';
import { Icon } from '../../../components/ui/icon';

// Outline icons of the support screen (24×24, stroke = currentColor, decorative).

export const HelpIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6" />
    <path d="M12 17h.01" />
  </Icon>
);
