export type PhotoErrorCode = 'type' | 'size' | 'tooSmall' | 'tooMany';

export interface PhotoError {
  code: PhotoErrorCode;
  file: string;
}

export interface PhotoRules {
  /** An `accept` list: MIME types and wildcards such as 'image/*'. */
  accept: string;
  maxBytes: number;
  multiple: boolean;
  /** Multiple mode only; no limit when absent. */
  maxFiles?: number;
}

/** Whether a MIME type matches an `accept` list ('image/*', 'image/png,image/jpeg'). */
export function matchesAccept(type: string, accept: string): boolean {
  if (!type) return false;
  return accept
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .some((a) => (a.endsWith('/*') ? type.toLowerCase().startsWith(a.slice(0, -1)) : type.toLowerCase() === a));
}

/**
 * The photo widget's checks (docs/product.md §5): images only, at most the size limit, no empty
 * files. Single mode keeps the first good file; multiple mode appends, up to maxFiles.
 */
export function pickPhotos(current: File[], incoming: File[], rules: PhotoRules): { files: File[]; errors: PhotoError[] } {
  const errors: PhotoError[] = [];
  const good: File[] = [];
  for (const file of incoming) {
    if (!matchesAccept(file.type, rules.accept)) errors.push({ code: 'type', file: file.name });
    else if (file.size === 0) errors.push({ code: 'tooSmall', file: file.name });
    else if (file.size > rules.maxBytes) errors.push({ code: 'size', file: file.name });
    else good.push(file);
  }
  if (!rules.multiple) return { files: good.length ? [good[0]!] : current, errors };
  const room = rules.maxFiles === undefined ? Infinity : Math.max(0, rules.maxFiles - current.length);
  const added = good.slice(0, room);
  for (const file of good.slice(room)) errors.push({ code: 'tooMany', file: file.name });
  return { files: [...current, ...added], errors };
}
