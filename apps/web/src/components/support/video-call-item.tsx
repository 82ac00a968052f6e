import type { ReactNode } from 'react';

/** A call's start as the lists say it: «lunes, 3 de marzo de 2025, 10:30», in `timeZone`. */
export function callTime(start: string, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(start));
}

interface VideoCallItemProps {
  when: string;
  /** Who and what the call is about, under its time. */
  details: ReactNode;
  meetingUrl: string;
  joinText: string;
  /** Its buttons (move, cancel), or the form that moves it. */
  actions: ReactNode;
  testId: string;
}

/** One upcoming video call in a list (the customer's on /support, the team's on /operator). */
export function VideoCallItem({ when, details, meetingUrl, joinText, actions, testId }: VideoCallItemProps) {
  return (
    <li className="rounded-xl bg-white p-4 text-sm ring-1 ring-slate-200" data-testid={testId}>
      <p className="font-semibold text-slate-900">{when}</p>
      {details}
      <a href={meetingUrl} target="_blank" rel="noreferrer" className="mt-1 inline-block font-medium break-all text-brand-700 hover:underline">
        {joinText}
      </a>
      {actions}
    </li>
  );
}
