import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Comments, tests and documents cite sections as `docs/product.md §5` or `docs/decisions.md §3`.
// A citation is only worth something if the reader can open it, so every section sign in the
// repository must follow a tracked document's path and name a numbered heading of it
// (`## 5. …`, `### 5.2 …`). The sign is written as an escape here so this file cites nothing.

const SECTION_SIGN = '\u00a7';
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

interface Citation {
  file: string;
  line: number;
  document: string | null;
  section: string | null;
  text: string;
}

function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' });
  return out.split('\0').filter((f) => f !== '');
}

/** The numbers of a Markdown document's numbered headings: `## 5. Title` gives 5, `### 5.2 Title` 5.2. */
function headingNumbers(markdown: string): Set<string> {
  const numbers = new Set<string>();
  for (const [, number] of markdown.matchAll(/^#{1,6}[ \t]+(\d+(?:\.\d+)*)\.?[ \t]/gm)) if (number) numbers.add(number);
  return numbers;
}

/** Every section sign of a text, with the document path before it and the number after it (null when missing). */
function citationsIn(file: string, text: string): Citation[] {
  const citations: Citation[] = [];
  text.split('\n').forEach((lineText, index) => {
    for (let at = lineText.indexOf(SECTION_SIGN); at !== -1; at = lineText.indexOf(SECTION_SIGN, at + 1)) {
      const document = /(?:^|[\s(`'"[])([\w.-]+(?:\/[\w.-]+)*\.md) $/.exec(lineText.slice(0, at))?.[1] ?? null;
      const section = /^(\d+(?:\.\d+)*)/.exec(lineText.slice(at + 1))?.[1] ?? null;
      citations.push({ file, line: index + 1, document, section, text: lineText.trim() });
    }
  });
  return citations;
}

/** What is wrong with a citation, or null when it opens an existing section of a tracked document. */
function citationProblem(citation: Citation, documents: ReadonlyMap<string, Set<string>>): string | null {
  const where = `${citation.file}:${citation.line}: ${citation.text}`;
  if (citation.document === null) return `names no document (write docs/product.md or docs/decisions.md before the sign): ${where}`;
  const sections = documents.get(citation.document);
  if (!sections) return `cites ${citation.document}, which is not a Markdown file tracked in the repository: ${where}`;
  if (citation.section === null) return `names no section number: ${where}`;
  if (!sections.has(citation.section)) return `cites section ${citation.section}, which ${citation.document} has no heading for: ${where}`;
  return null;
}

describe('section citations', () => {
  const files = trackedFiles();
  const documents = new Map<string, Set<string>>(
    files.filter((f) => f.endsWith('.md')).map((f) => [f, headingNumbers(readFileSync(repoRoot + f, 'utf8'))]),
  );

  it('every section sign in the repository follows a tracked document and names one of its numbered headings', () => {
    const citations = files
      .filter((f) => !f.endsWith('package-lock.json'))
      .map((f) => [f, readFileSync(repoRoot + f)] as const)
      .filter(([, bytes]) => !bytes.includes(0)) // binary files (images) cite nothing
      .flatMap(([f, bytes]) => citationsIn(f, bytes.toString('utf8')));
    expect(citations.length).toBeGreaterThan(100);
    expect(citations.map((c) => citationProblem(c, documents)).filter((p) => p !== null)).toEqual([]);
  });

  it('numbers the product and decision documents the code cites', () => {
    expect([...(documents.get('docs/product.md') ?? [])]).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect([...(documents.get('docs/decisions.md') ?? [])].slice(0, 8)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
  });

  it('refuses a citation of the old specification, of an untracked document or of a missing section', () => {
    const sign = SECTION_SIGN;
    const planted = [
      `// spec ${sign}5: a bare specification citation`,
      `// product-spec.md ${sign}5: a document outside the repository`,
      `// docs/product.md ${sign}42: a section with no heading`,
      `// docs/decisions.md ${sign}: no number at all`,
      `// docs/decisions.md ${sign}3: a real one`,
    ].join('\n');
    const problems = citationsIn('planted.ts', planted).map((c) => citationProblem(c, documents));
    expect(problems[0]).toMatch(/^names no document/);
    expect(problems[1]).toMatch(/^cites product-spec\.md, which is not a Markdown file tracked/);
    expect(problems[2]).toMatch(/^cites section 42, which docs\/product\.md has no heading for/);
    expect(problems[3]).toMatch(/^names no section number/);
    expect(problems[4]).toBeNull();
  });

  it('reads numbered headings with and without a trailing dot, and nothing else', () => {
    expect([...headingNumbers('# Title\n## 5. Validation\n### 5.2 Passwords\n## Notes 7\ntext 8. no\n')]).toEqual(['5', '5.2']);
  });
});
