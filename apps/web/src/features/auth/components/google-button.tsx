import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const GSI_SRC = 'https://accounts.google.com/gsi/client';

interface GoogleIdentity {
  initialize(options: { client_id: string; callback: (response: { credential?: string }) => void; ux_mode?: 'popup' }): void;
  renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
}

function googleIdentity(): GoogleIdentity | undefined {
  return (window as unknown as { google?: { accounts?: { id?: GoogleIdentity } } }).google?.accounts?.id;
}

let gsiScript: Promise<GoogleIdentity> | null = null;

/** Loads Google Identity Services once, only on pages that show the button. */
function loadGoogleIdentity(): Promise<GoogleIdentity> {
  gsiScript ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const ready = googleIdentity();
    if (ready) {
      resolve(ready);
      return;
    }
    const script = document.createElement('script');
    script.src = GSI_SRC;
    script.async = true;
    script.onload = () => {
      const loaded = googleIdentity();
      if (loaded) resolve(loaded);
      else reject(new Error('gsi'));
    };
    script.onerror = () => {
      gsiScript = null;
      script.remove();
      reject(new Error('gsi'));
    };
    document.head.appendChild(script);
  });
  return gsiScript;
}

interface GoogleButtonProps {
  clientId: string;
  /** Receives the ID token Google issued for the chosen account. */
  onCredential: (token: string) => void;
  onUnavailable: () => void;
}

/** Google's own "Continue with Google" button, rendered by its script into our box. */
export function GoogleButton({ clientId, onCredential, onUnavailable }: GoogleButtonProps) {
  const { t, i18n } = useTranslation('auth');
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  // The script keeps the first callback it was given; read the latest handlers through refs.
  const handlers = useRef({ onCredential, onUnavailable });
  useEffect(() => {
    handlers.current = { onCredential, onUnavailable };
  });

  useEffect(() => {
    let active = true;
    loadGoogleIdentity().then(
      (gsi) => {
        if (!active || !box.current) return;
        gsi.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: (response) => {
            if (response.credential) handlers.current.onCredential(response.credential);
            else handlers.current.onUnavailable();
          },
        });
        gsi.renderButton(box.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'rectangular',
          logo_alignment: 'center',
          width: Math.min(box.current.clientWidth || 320, 400),
          locale: i18n.language,
        });
        setReady(true);
      },
      () => {
        if (active) handlers.current.onUnavailable();
      },
    );
    return () => {
      active = false;
    };
  }, [clientId, i18n.language]);

  return (
    <div className="flex min-h-11 w-full items-center justify-center">
      <div ref={box} className="flex w-full justify-center" />
      {!ready && <span className="text-xs text-slate-500">{t('signin.googleLoading')}</span>}
    </div>
  );
}
