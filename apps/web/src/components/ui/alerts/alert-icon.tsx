import {
  ArrowUpIcon,
  CheckIcon,
  CircleExclamationPointIcon,
  CircleQuestionMarkIcon,
  CoinsIcon,
  InfoIcon,
  type LucideIcon,
  TriangleExclamationPointIcon,
} from 'lucide-react';
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

const icons: Record<AlertType | 'confirm', LucideIcon> = {
  success: CheckIcon,
  error: CircleExclamationPointIcon,
  warning: TriangleExclamationPointIcon,
  info: InfoIcon,
  upgrade: ArrowUpIcon,
  credits: CoinsIcon,
  confirm: CircleQuestionMarkIcon,
};

/** The round badge at the top of an alert, coloured by its type. */
export function AlertIcon({ kind }: { kind: AlertType | 'confirm' }) {
  const Icon = icons[kind];
  return (
    <span className={`mx-auto flex h-12 w-12 shrink-0 items-center justify-center rounded-full ring-8 sm:mx-0 ${tone[kind]}`}>
      <Icon className="h-6 w-6" />
    </span>
  );
}
