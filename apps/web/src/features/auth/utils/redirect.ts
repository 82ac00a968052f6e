/**
 * The `?redirect=` target of the auth pages. Only a path inside this app is honoured
 * (never another origin, `//host` or a backslash trick); anything else gives `fallback`.
 */
export function safeRedirect(value: string | null | undefined, fallback: string): string {
  if (!value) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || value.length > 2000) return fallback;
  return value;
}
