/** Why a delivery will never succeed as it is: retrying would only repeat it. */
export type PermanentReason = 'invalid-url' | 'refused-address' | 'redirect' | 'rejected' | 'invalid-payload';
/** Why a delivery failed this time but may succeed later. */
export type RetryableReason = 'server-error' | 'rate-limited' | 'timeout' | 'network' | 'unresolvable';

/**
 * What one delivery attempt came to. `message` is Spanish, for the delivery log and the
 * user; `detail` is the technical cause (an error code, or the start of the receiver's answer,
 * such as Slack's `no_service`). Neither ever contains the webhook URL, which is a secret.
 */
export type WebhookOutcome =
  | { kind: 'delivered'; status: number; durationMs: number }
  | { kind: 'permanent'; reason: PermanentReason; status?: number; message: string; detail?: string; durationMs: number }
  | {
      kind: 'retryable';
      reason: RetryableReason;
      status?: number;
      /** From the answer's Retry-After header (seconds or an HTTP date), when it had one. */
      retryAfterMs?: number;
      message: string;
      detail?: string;
      durationMs: number;
    };

/** Retry-After as milliseconds from `now`: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: Date): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date starts with the day's name (IMF-fixdate, RFC 850 or asctime); Date.parse
  // alone would read "-5" or "1.5" as years.
  if (!/^[A-Za-z]{3}/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now.getTime());
}

/**
 * Classifies an HTTP answer: 2xx delivered; a redirect is a failure (it is never followed: it
 * could lead to a private address), and permanent; 408 and 429 are retryable, honouring
 * Retry-After; any other 4xx is permanent (Slack answers 400 `invalid_payload`, 403
 * `invalid_token`, 404 `no_service`, 410 `channel_is_archived`: retrying changes none); 5xx
 * is retryable. Anything else (1xx, ≥ 600) is treated as permanent.
 */
export function classifyResponse(
  status: number,
  headers: { 'retry-after'?: string | string[] | undefined },
  body: string,
  opts: { now: Date; durationMs: number },
): WebhookOutcome {
  const { durationMs } = opts;
  // One line, short: it goes into a log line and a message the user may read.
  const detail = body.replace(/\s+/g, ' ').trim().slice(0, 200) || undefined;
  const withDetail = detail ? `${status}: ${detail}` : String(status);
  if (status >= 200 && status < 300) return { kind: 'delivered', status, durationMs };
  if (status >= 300 && status < 400) {
    return {
      kind: 'permanent',
      reason: 'redirect',
      status,
      message: `El webhook respondió con una redirección (${status}), que no se sigue. Revisa la URL.`,
      ...(detail ? { detail } : {}),
      durationMs,
    };
  }
  if (status === 408 || status === 429) {
    const retryAfterMs = parseRetryAfter(headers['retry-after'], opts.now);
    return {
      kind: 'retryable',
      reason: status === 429 ? 'rate-limited' : 'timeout',
      status,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      message:
        status === 429
          ? 'El webhook recibe demasiados mensajes seguidos (429) y pidió esperar.'
          : 'El webhook tardó demasiado en recibir el mensaje (408).',
      ...(detail ? { detail } : {}),
      durationMs,
    };
  }
  if (status >= 400 && status < 500) {
    return {
      kind: 'permanent',
      reason: 'rejected',
      status,
      message: `El webhook rechazó el mensaje (${withDetail}). Revisa la URL o crea una nueva en Slack.`,
      ...(detail ? { detail } : {}),
      durationMs,
    };
  }
  if (status >= 500 && status < 600) {
    const retryAfterMs = parseRetryAfter(headers['retry-after'], opts.now);
    return {
      kind: 'retryable',
      reason: 'server-error',
      status,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      message: `El servidor del webhook falló al recibir el mensaje (${withDetail}).`,
      ...(detail ? { detail } : {}),
      durationMs,
    };
  }
  return {
    kind: 'permanent',
    reason: 'rejected',
    status,
    message: `El webhook dio una respuesta no válida (${status}).`,
    durationMs,
  };
}
