import { useState } from 'react';
import { prepareCaptcha } from './captcha';
import { usePublicConfig } from './public-config';

/**
 * The sending side of a captcha-protected form (contact, support). `submit(values)` calls
 * `send`; once it succeeds, `onSent` runs (the form clears itself) and `sentOnce` holds until
 * the next submit. A failure keeps what was typed: the form shows the mutation's error.
 * `warmUp`, for the form's onFocus, solves the ALTCHA challenge (or loads reCAPTCHA) while the
 * visitor is still typing. `config` is the public config, for the form's captcha note.
 */
export function useCaptchaSubmit<V>(send: (values: V) => Promise<unknown>, onSent: () => void) {
  const { data: config } = usePublicConfig();
  const [sentOnce, setSentOnce] = useState(false);

  const submit = async (values: V) => {
    setSentOnce(false);
    try {
      await send(values);
      onSent();
      setSentOnce(true);
    } catch {
      // The form's error banner says what went wrong; the fields keep what was typed.
    }
  };

  const warmUp = () => {
    if (config) prepareCaptcha(config.captcha);
  };

  return { config, sentOnce, submit, warmUp };
}
