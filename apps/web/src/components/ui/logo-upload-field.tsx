import { type ReactNode, useId, useRef } from 'react';
import { ImageUpIcon, TrashIcon } from 'lucide-react';
import { apiErrorText } from '@/lib/api-client';
import { useAlerts } from './alerts/alerts-context';
import type { ConfirmOptions } from './alerts/alert-types';
import { Button } from './button';
import type { Status } from './status-message';

export interface LogoFieldTexts {
  currentAlt: string;
  none: string;
  upload: string;
  change: string;
  remove: string;
  hint: string;
  uploaded: string;
  uploadError: string;
  removed: string;
  removeError: string;
  /** Names whose logo the buttons change, where several fields share a page. */
  uploadLabel?: string;
  changeLabel?: string;
  removeLabel?: string;
}

interface LogoUploadFieldProps {
  logoUrl: string | null;
  upload: { run: (file: File) => Promise<unknown>; isPending: boolean };
  remove: { run: () => Promise<unknown>; isPending: boolean };
  /** The question asked before removing. */
  confirmRemove: ConfirmOptions;
  texts: LogoFieldTexts;
  /** Each result, and null when a new attempt starts; the caller shows it (a toast, a status line). */
  onOutcome: (outcome: Status | null) => void;
  /** `testId` on the field, `${testId}-input` on the file input. */
  testId: string;
  /** A heading above a large preview; without it, a small preview beside the buttons (a list row). */
  title?: string;
  /** Shown under the hint (an error the caller keeps beside the field). */
  children?: ReactNode;
}

const ACCEPTED = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

/**
 * A logo for reports (the agency's or a client's): a preview, uploaded as soon as a file is
 * chosen (the server checks and re-encodes it), removed after a confirmation. The file input is
 * hidden from the keyboard and screen readers: the «Subir logo» button opens it.
 */
export function LogoUploadField({ logoUrl, upload, remove, confirmRemove, texts, onOutcome, testId, title, children }: LogoUploadFieldProps) {
  const { confirm } = useAlerts();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const busy = upload.isPending || remove.isPending;

  const attempt = async (run: () => Promise<unknown>, done: string, failed: string) => {
    onOutcome(null);
    try {
      await run();
      onOutcome({ text: done, tone: 'success' });
    } catch (err) {
      onOutcome({ text: apiErrorText(err, failed), tone: 'error' });
    }
  };
  const onFile = (file: File | undefined) => file && attempt(() => upload.run(file), texts.uploaded, texts.uploadError);
  const onRemove = async () => {
    if (await confirm({ ...confirmRemove, destructive: true })) await attempt(remove.run, texts.removed, texts.removeError);
  };

  const compact = title === undefined;
  const small = compact ? 'py-2!' : '';
  const field = (
    <>
      <div className={compact ? 'flex h-12 w-28 shrink-0 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 p-1' : 'flex h-24 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3'}>
        {logoUrl ? <img src={logoUrl} alt={texts.currentAlt} className="max-h-full max-w-full object-contain" /> : <span className={compact ? 'text-xs text-slate-600' : 'text-sm text-slate-600'}>{texts.none}</span>}
      </div>
      <div className="min-w-0 space-y-1">
        <input
          ref={inputRef}
          type="file"
          accept={ACCEPTED}
          tabIndex={-1}
          aria-hidden="true"
          className="sr-only"
          data-testid={`${testId}-input`}
          onChange={(e) => {
            void onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" className={small} loading={upload.isPending} disabled={busy} aria-describedby={hintId} aria-label={logoUrl ? texts.changeLabel : texts.uploadLabel} onClick={() => inputRef.current?.click()}>
            <ImageUpIcon className="h-4 w-4" aria-hidden="true" />
            {logoUrl ? texts.change : texts.upload}
          </Button>
          {logoUrl && (
            <Button variant="ghost" className={`${small} text-red-700! hover:bg-red-50!`} loading={remove.isPending} disabled={busy} aria-label={texts.removeLabel} onClick={() => void onRemove()}>
              <TrashIcon className="h-4 w-4" aria-hidden="true" />
              {texts.remove}
            </Button>
          )}
        </div>
        <p id={hintId} className="text-xs text-slate-600">
          {texts.hint}
        </p>
        {children}
      </div>
    </>
  );
  if (compact)
    return (
      <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-center" data-testid={testId}>
        {field}
      </div>
    );
  return (
    <section aria-labelledby={`${hintId}-title`} className="space-y-3" data-testid={testId}>
      <h3 id={`${hintId}-title`} className="text-sm font-medium text-slate-700">
        {title}
      </h3>
      {field}
    </section>
  );
}
