import { keywordNameSchema } from '@rankmaps/shared/schemas/keywords';

/**
 * The message key ('v:…') for a keyword name the server would refuse, or null when it is fine.
 * The same schema as the server's: empty or over 100 characters is refused, never cut
 * (docs/product.md §5, docs/decisions.md §22.5).
 */
export function keywordNameError(name: string): string | null {
  const checked = keywordNameSchema.safeParse(name);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}
