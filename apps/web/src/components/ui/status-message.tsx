import { AlertBanner } from './alert-banner';
import { statusTone, type StatusTone } from './status-tone';

export interface Status {
  text: string;
  tone?: StatusTone;
}

/** A result line under a form: green, or red when it is an error (see `statusTone`). Announced politely. */
export function StatusMessage({ status }: { status: Status | null }) {
  return <div aria-live="polite">{status && <AlertBanner tone={statusTone(status.text, status.tone)}>{status.text}</AlertBanner>}</div>;
}
