import type { SVGProps } from 'react';
import { Icon } from './icon';

/** Google's "G", outlined like the other icons; a brand mark, so no icon library draws it. */
export const GoogleIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M20 12.2c0-.6-.1-1.1-.2-1.7H12v3.3h4.5a4 4 0 0 1-1.7 2.6v2.1h2.8c1.6-1.5 2.4-3.7 2.4-6.3Z" />
    <path d="M12 20.5c2.3 0 4.2-.8 5.6-2l-2.8-2.2c-.8.5-1.7.8-2.8.8-2.2 0-4-1.5-4.7-3.4H4.5v2.2A8.5 8.5 0 0 0 12 20.5Z" />
    <path d="M7.3 13.7a5 5 0 0 1 0-3.4V8.1H4.5a8.5 8.5 0 0 0 0 7.8z" />
    <path d="M12 6.9c1.2 0 2.3.4 3.2 1.3l2.4-2.4A8.5 8.5 0 0 0 4.5 8.1l2.8 2.2C8 8.4 9.8 6.9 12 6.9Z" />
  </Icon>
);
