import { chatPaths, checkPaths, coinsPaths } from '../../../components/ui/common-icons';
import { Icon } from '../../../components/ui/icon';

// The plans pages' icons, drawn in the shared outline frame; they never shrink in flex rows.
const frame = (className: string) => ({ className: `shrink-0 ${className}`, focusable: 'false' as const });

export function CheckIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <Icon {...frame(className)} strokeWidth={2}>
      {checkPaths}
    </Icon>
  );
}

export function CoinsIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return <Icon {...frame(className)}>{coinsPaths}</Icon>;
}

export function ChatIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return <Icon {...frame(className)}>{chatPaths}</Icon>;
}
