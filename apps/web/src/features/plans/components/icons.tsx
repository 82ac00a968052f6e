import { Icon } from '../../../components/ui/icon';

// The plans pages' icons, drawn in the shared outline frame; they never shrink in flex rows.
const frame = (className: string) => ({ className: `shrink-0 ${className}`, focusable: 'false' as const });

export function CheckIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <Icon {...frame(className)} strokeWidth={2}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </Icon>
  );
}

export function CoinsIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <Icon {...frame(className)}>
      <ellipse cx="9" cy="7" rx="6" ry="3" />
      <path d="M3 7v5c0 1.7 2.7 3 6 3s6-1.3 6-3V7" />
      <path d="M9 15v2c0 1.7 2.7 3 6 3s6-1.3 6-3v-5c0-1.5-2.1-2.7-5-3" />
    </Icon>
  );
}

export function ChatIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <Icon {...frame(className)}>
      <path d="M20 12a8 8 0 0 1-11.6 7.1L4 20l1-4A8 8 0 1 1 20 12Z" />
      <path d="M8.5 11h.01M12 11h.01M15.5 11h.01" />
    </Icon>
  );
}
