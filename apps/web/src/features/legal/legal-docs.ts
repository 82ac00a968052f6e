export const LEGAL_DOCS = ['privacy', 'cookie', 'terms', 'notice'] as const;
export type LegalDocId = (typeof LEGAL_DOCS)[number];

export function isLegalDoc(value: string | undefined): value is LegalDocId {
  return (LEGAL_DOCS as readonly string[]).includes(value ?? '');
}

/** A block of a section: a paragraph, or a bulleted list. */
export type LegalBlock = string | string[];

export interface LegalSection {
  title: string;
  body: LegalBlock[];
}

export interface LegalDocument {
  title: string;
  metaDescription: string;
  updated: string;
  intro: string[];
  sections: LegalSection[];
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

/** Checks the shape of a document read from the catalogue (i18n returns untyped objects). */
export function toLegalDocument(value: unknown): LegalDocument | null {
  if (typeof value !== 'object' || value === null) return null;
  const doc = value as Record<string, unknown>;
  if (
    !isString(doc.title) ||
    !isString(doc.updated) ||
    !isString(doc.metaDescription) ||
    !isStringList(doc.intro) ||
    !Array.isArray(doc.sections)
  )
    return null;
  const sections: LegalSection[] = [];
  for (const raw of doc.sections as unknown[]) {
    if (typeof raw !== 'object' || raw === null) return null;
    const section = raw as Record<string, unknown>;
    if (!isString(section.title) || !Array.isArray(section.body)) return null;
    const body = (section.body as unknown[]).filter((block): block is LegalBlock => isString(block) || isStringList(block));
    sections.push({ title: section.title, body });
  }
  return { title: doc.title, updated: doc.updated, metaDescription: doc.metaDescription, intro: doc.intro, sections };
}
