import type { ReactNode } from 'react';
import { checkPaths, infoPaths, warningPaths } from '../common-icons';
import type { AlertType } from './alert-types';

const tone: Record<AlertType | 'confirm', string> = {
  success: 'bg-emerald-50 text-emerald-600 ring-emerald-100',
  error: 'bg-red-50 text-red-600 ring-red-100',
  warning: 'bg-amber-50 text-amber-600 ring-amber-100',
  info: 'bg-brand-50 text-brand-600 ring-brand-100',
  upgrade: 'bg-violet-50 text-violet-600 ring-violet-100',
  credits: 'bg-amber-50 text-amber-600 ring-amber-100',
  confirm: 'bg-slate-100 text-slate-600 ring-slate-200',
};

const paths: Record<AlertType | 'confirm', ReactNode> = {
  success: checkPaths,
  error: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5M12 16.5v.01" />
    </>
  ),
  warning: warningPaths,
  info: infoPaths,
  upgrade: (
    <>
      <path d="M12 19V5" />
      <path d="m5 12 7-7 7 7" />
    </>
  ),
  credits: (
    <>
      <ellipse cx="12" cy="6" rx="7" ry="3" />
      <path d="M5 6v6c0 1.7 3.1 3 7 3s7-1.3 7-3V6" />
      <path d="M5 12v6c0 1.7 3.1 3 7 3s7-1.3 7-3v-6" />
    </>
  ),
  confirm: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17v.01" />
    </>
  ),
};

/** The round badge at the top of an alert, coloured by its type. */
export function AlertIcon({ kind }: { kind: AlertType | 'confirm' }) {
  return (
    <span className={`mx-auto flex h-12 w-12 shrink-0 items-center justify-center rounded-full ring-8 sm:mx-0 ${tone[kind]}`}>
      <svg
        viewBox="0 0 24 24"
        className="h-6 w-6"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {paths[kind]}
      </svg>
    </span>
  );
}
