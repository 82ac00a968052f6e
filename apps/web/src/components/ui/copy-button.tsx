import { useState } from 'react';
import { Button } from './button';

export interface CopyTexts {
  copy: string;
  copied: string;
  copyFailed: string;
}

/**
 * «Copiar» for a value, with its outcome announced beside it: the clipboard may be refused
 * (permissions, an insecure page), and then the user is told to copy it by hand.
 */
export function CopyButton({ value, texts, compact = false, testId }: { value: string; texts: CopyTexts; compact?: boolean; testId?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className={compact ? 'flex flex-col gap-1' : 'flex flex-wrap items-center gap-3'}>
      <Button variant={compact ? 'ghost' : 'secondary'} className={compact ? 'py-1!' : ''} onClick={() => void copy()} data-testid={testId}>
        {texts.copy}
      </Button>
      <span role="status" className="text-sm text-slate-700">
        {state === 'copied' ? texts.copied : state === 'failed' ? texts.copyFailed : ''}
      </span>
    </span>
  );
}
