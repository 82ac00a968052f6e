import { AlertBanner } from './alert-banner';

export interface Outcome {
  title: string;
  text: string;
}

/**
 * What became of a form's last send: `success` in a polite live region (always in the page, so
 * the message is announced when it appears) or `error` as an alert; null shows neither.
 */
export function SendOutcome({ success, error }: { success: Outcome | null; error: Outcome | null }) {
  return (
    <>
      <div aria-live="polite">
        {success && (
          <AlertBanner tone="success" title={success.title}>
            {success.text}
          </AlertBanner>
        )}
      </div>
      {error && (
        <AlertBanner tone="error" title={error.title}>
          {error.text}
        </AlertBanner>
      )}
    </>
  );
}
