import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS } from '@rankmaps/shared/constants';
import { CheckIcon, CircleExclamationPointIcon, InfoIcon, type LucideIcon, XIcon } from 'lucide-react';
import type { ToastType } from './toast-context';

const styles: Record<ToastType, { box: string; icon: string; Icon: LucideIcon }> = {
  info: { box: 'ring-brand-200', icon: 'bg-brand-50 text-brand-600', Icon: InfoIcon },
  success: { box: 'ring-emerald-200', icon: 'bg-emerald-50 text-emerald-600', Icon: CheckIcon },
  error: { box: 'ring-red-200', icon: 'bg-red-50 text-red-600', Icon: CircleExclamationPointIcon },
};

/**
 * One notification. It leaves after 3 s (docs/product.md §9) or on its close button; the clock
 * stops while the pointer or the focus is on it, so it can be read and closed calmly.
 */
export default function ToastItem({ type, message, onDismiss }: { type: ToastType; message: string; onDismiss: () => void }) {
  const { t } = useTranslation('alerts');
  const [paused, setPaused] = useState(false);
  const remaining = useRef(TOAST_DURATION_MS);

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = window.setTimeout(onDismiss, remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(500, remaining.current - (Date.now() - started));
    };
  }, [paused, onDismiss]);

  const style = styles[type];
  return (
    <li
      role={type === 'error' ? 'alert' : undefined}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={`pointer-events-auto flex items-start gap-3 rounded-xl bg-white p-3.5 shadow-lg ring-1 transition duration-200 starting:translate-y-2 starting:opacity-0 motion-reduce:transition-none ${style.box}`}
    >
      <span className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full ${style.icon}`}>
        <style.Icon className="h-5 w-5" strokeWidth={2.2} />
      </span>
      <p className="min-w-0 flex-1 self-center text-sm font-medium text-slate-800">
        <span className="sr-only">{t(`toast.${type}`)}: </span>
        {message}
      </p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t('toast.close')}
        title={t('toast.close')}
        className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-lg text-slate-400 hover:bg-slate-100 hover:text-slate-700"
      >
        <XIcon className="h-4 w-4" />
      </button>
    </li>
  );
}
