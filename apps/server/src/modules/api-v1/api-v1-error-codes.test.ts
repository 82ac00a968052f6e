import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// docs/api.md «Errors» promises every code /api/v1 can answer. This test reads the codes from
// the source, not from a hand-kept list: every AppError code (the helpers' defaults included),
// every `code:` an answer or an outcome carries, and Fastify's own codes the error handler
// passes on, in
//   - the api-v1 module (routes, key authentication, per-key limit, idempotency, cursors),
//   - every module an api-v1 file imports (the services the routes call), and
//   - the plugins every request goes through (error handler, JSON parser, text guard).
// It fails when a code appears there that the table does not list (or lists and is gone), so a
// new refusal cannot reach v1 clients undocumented. It reads one level of imports: a service
// that calls another may hide a code of the second; the authorization and fuzz tests answer
// real requests, and a reviewer adding a refusal to a nested service must add it here too.

const SRC = path.resolve(import.meta.dirname, '../..');
const API_V1 = path.join(SRC, 'modules/api-v1');
const DOCS = path.resolve(SRC, '../../../docs/api.md');
const EVERY_REQUEST = ['plugins/error-handler.ts', 'plugins/json-body-parser.ts', 'plugins/text-guard.ts'].map((f) => path.join(SRC, f));

/** Codes found in those files that no v1 call can get, and why. */
const NOT_FROM_V1: Record<string, string> = {
  FST_ERR_VALIDATION: 'every route validates with zod, whose refusals the error handler answers as VALIDATION_ERROR',
  FST_ERR_ASYNC_CONSTRAINT: 'no route has async constraints',
  FST_ERR_CTP_INVALID_TYPE: 'raised when a parser is registered, never by a request',
  FST_ERR_INVALID_URL: 'raised when a route is registered, never by a request',
  UNAUTHORIZED: 'requireUserId without a user: a v1 call always has its key’s user, or is refused 401 INVALID_API_KEY before',
  NO_WORKSPACE: 'requireWorkspace for a person in no workspace: a key always acts as its own workspace (api-key-auth.ts sets it)',
  API_KEY_NOT_FOUND: 'revoking keys is the session API’s',
  MANUAL_SCANS_LIMIT: 'only basic plans count manual scans; a key needs an agency plan',
  NOT_DELETABLE: 'deleting an analysis is not in v1',
  SHARE_UNAVAILABLE: 'opening a shared report (public page), not creating one',
  TOO_MANY_API_KEYS: 'creating keys is the session API’s',
  TEMPLATE_NOT_FOUND: 'reply templates are the session API’s (docs/decisions.md §32.8); v1 only lists reviews and replies',
  ALREADY_CANCELLING: 'billing actions are the session API’s; v1 only reads the plan',
  ALREADY_SUBSCRIBED: 'billing actions are the session API’s',
  CHANGE_SCHEDULED: 'billing actions are the session API’s',
  NOT_CANCELLING: 'billing actions are the session API’s',
  NO_CUSTOMER: 'billing actions are the session API’s',
  NO_SUBSCRIPTION: 'billing actions are the session API’s',
  PAYMENTS_UNAVAILABLE: 'billing actions are the session API’s',
  SESSION_NOT_FOUND: 'billing actions are the session API’s',
  UNKNOWN_PRICE: 'billing actions are the session API’s',
  PLAN_QUANTITY: 'billing actions are the session API’s',
};

const HELPER_DEFAULTS: Record<string, string> = {
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
};
const CODE = /^[A-Z][A-Z0-9_]+$/;

function sourceFiles(): string[] {
  const own = readdirSync(API_V1)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => path.join(API_V1, f));
  const imported = new Set<string>();
  for (const file of own) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue;
      const spec = (statement.moduleSpecifier as ts.StringLiteral).text;
      if (!spec.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), `${spec}.ts`);
      if (!target.startsWith(API_V1)) imported.add(target);
    }
  }
  return [...own, ...imported, ...EVERY_REQUEST];
}

/** The codes a file can answer with, and the places where a code is not a literal this test can read. */
function codesIn(file: string): { codes: Set<string>; unreadable: string[] } {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const codes = new Set<string>();
  const unreadable: string[] = [];
  const where = (node: ts.Node) => `${path.relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const literalsIn = (node: ts.Node) => {
    const found: string[] = [];
    const visit = (n: ts.Node) => {
      if (ts.isStringLiteral(n) && CODE.test(n.text)) found.push(n.text);
      ts.forEachChild(n, visit);
    };
    visit(node);
    return found;
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text in HELPER_DEFAULTS) {
      const code = node.arguments[1];
      if (!code) codes.add(HELPER_DEFAULTS[node.expression.text]!);
      else if (ts.isStringLiteral(code)) codes.add(code.text);
      else unreadable.push(where(node));
    }
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'AppError') {
      const code = node.arguments?.[0];
      if (code && ts.isStringLiteral(code)) codes.add(code.text);
      // Otherwise the code travels in an outcome's `code:` property, read below.
    }
    if (ts.isPropertyAssignment(node)) {
      const name = node.name.getText(source).replace(/['"]/g, '');
      if (name === 'code') for (const code of literalsIn(node.initializer)) codes.add(code);
      // The error handler's map of Fastify's own codes, which it answers as they are.
      if (/^FST_ERR_/.test(name)) codes.add(name);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { codes, unreadable };
}

/** The codes of docs/api.md's «Errors» table, by status. */
function documentedCodes(): Map<string, string> {
  const text = readFileSync(DOCS, 'utf8');
  const section = text.slice(text.indexOf('## Errors'), text.indexOf('\n## ', text.indexOf('## Errors') + 1));
  const codes = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 4 || !/^\d/.test(cells[1] ?? '')) continue;
    for (const [, code] of (cells[2] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)) codes.set(code!, cells[1]!);
  }
  return codes;
}

describe('the error codes of /api/v1', () => {
  it('when the sources are read, then every code a v1 call can answer is in docs/api.md’s table, and the table lists no other', () => {
    const found = new Set<string>();
    const unreadable: string[] = [];
    for (const file of sourceFiles()) {
      const result = codesIn(file);
      result.codes.forEach((c) => found.add(c));
      unreadable.push(...result.unreadable);
    }
    expect(unreadable, 'error codes this test cannot read: use a string literal').toEqual([]);
    const answerable = [...found].filter((c) => !(c in NOT_FROM_V1)).sort();
    const documented = [...documentedCodes().keys()].sort();
    expect(
      answerable.filter((c) => !documented.includes(c)),
      'codes missing from docs/api.md «Errors»',
    ).toEqual([]);
    expect(
      documented.filter((c) => !answerable.includes(c)),
      'codes in docs/api.md «Errors» that no v1 source answers',
    ).toEqual([]);
    expect(
      Object.keys(NOT_FROM_V1).filter((c) => !found.has(c)),
      'NOT_FROM_V1 rows whose code is gone',
    ).toEqual([]);
  });

  it('when the table is read, then the codes it documents for the refusals this change named are there', () => {
    const codes = documentedCodes();
    expect(codes.get('CAMPAIGN_NOT_FOUND')).toBe('404');
    expect(codes.get('FORBIDDEN_KEY')).toBe('400');
    expect(codes.get('MISSING_SCOPE')).toBe('403');
  });
});
