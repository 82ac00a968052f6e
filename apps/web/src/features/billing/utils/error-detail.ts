import { ApiError } from '@/lib/api-client';

/**
 * The page's own error sentence, followed by the server's reason when it gave one
 * ("Error al cancelar la suscripción. La suscripción ya se cancelará al final del período.").
 */
export function withServerReason(text: string, err: unknown): string {
  if (err instanceof ApiError && err.message && err.message !== `Error ${err.status}` && err.message !== text)
    return `${text} ${err.message}`;
  return text;
}
