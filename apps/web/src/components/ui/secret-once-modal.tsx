import { useId } from 'react';
import { Button } from './button';
import { CopyButton } from './copy-button';
import { Modal } from './modal';

/** The texts of a secret shown once, in the caller's language. */
export interface SecretOnceTexts {
  title: string;
  warning: string;
  label: string;
  copy: string;
  copied: string;
  copyFailed: string;
  done: string;
  close: string;
}

/**
 * A secret the server shows only once (an API key, a webhook's signing secret): the warning
 * that it will not be shown again, the value selected on focus, «Copiar» with its outcome
 * announced, and a button to close.
 */
export function SecretOnceModal({ value, texts, testId, onClose }: { value: string; texts: SecretOnceTexts; testId: string; onClose: () => void }) {
  const inputId = useId();
  return (
    <Modal title={texts.title} closeLabel={texts.close} onClose={onClose} footer={<Button onClick={onClose}>{texts.done}</Button>}>
      <div className="space-y-3">
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {texts.warning}
        </p>
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
          {texts.label}
        </label>
        <input id={inputId} readOnly value={value} data-testid={testId} onFocus={(e) => e.currentTarget.select()} className="block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm" />
        <CopyButton value={value} texts={texts} />
      </div>
    </Modal>
  );
}

/**
 * A feature's texts for `SecretOnceModal`, kept alike in its namespace: `title`, `warning`, `label`
 * (with `labelValues`), `copy`, `copied`, `copyFailed` and `done` under `prefix`, and the namespace's `close`.
 */
export function secretOnceTexts(t: (key: string, values?: Record<string, string>) => string, prefix: string, labelValues: Record<string, string>): SecretOnceTexts {
  const under = (key: string) => t(`${prefix}.${key}`);
  const label = t(`${prefix}.label`, labelValues);
  return { title: under('title'), warning: under('warning'), label, copy: under('copy'), copied: under('copied'), copyFailed: under('copyFailed'), done: under('done'), close: t('close') };
}
