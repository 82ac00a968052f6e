import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { declarationOf, isCamelCase } from './route-declaration';

// The API contract as outside tools see it (docs/api.md, «Referencias»): both references
// the server serves, linted by Redocly CLI (recommended rules) and Spectral (spectral:oas)
// from the project's devDependencies, and every route declared through the route kit.

const root = path.resolve(import.meta.dirname, '../../../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
// No telemetry and no update check: tests never reach the network.
const quiet = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' };

interface Problem {
  rule: string;
  message: string;
  where: string;
}

function redocly(file: string): { errors: Problem[]; warnings: number } {
  const run = spawnSync(bin('redocly'), ['lint', file, '--format=json', `--config=${path.join(root, 'redocly.yaml')}`], { cwd: root, env: quiet, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as { problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] };
  const errors = report.problems.filter((p) => p.severity === 'error').map((p) => ({ rule: p.ruleId, message: p.message, where: p.location[0]?.pointer ?? '' }));
  return { errors, warnings: report.problems.length - errors.length };
}

function spectral(file: string): { errors: Problem[]; warnings: number } {
  const run = spawnSync(bin('spectral'), ['lint', file, '--format=json', `--ruleset=${path.join(root, '.spectral.yaml')}`, '--quiet'], { cwd: root, env: quiet, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const results = JSON.parse(run.stdout.trim() || '[]') as { code: string; severity: number; message: string; path: string[] }[];
  // Spectral's severities: 0 error, 1 warning, 2 information, 3 hint.
  const errors = results.filter((r) => r.severity === 0).map((r) => ({ rule: r.code, message: r.message, where: r.path.join('.') }));
  return { errors, warnings: results.filter((r) => r.severity === 1).length };
}

type Operation = { operationId?: string; summary?: string; responses?: Record<string, unknown> };
type Document = { paths: Record<string, Record<string, Operation>> };

// Both ways (docs/decisions.md §29.8): as an operator runs it, without developer tools, and as
// `npm start` does, with them; their routes must not break either reference.
describe.each([
  { devTools: 'false', name: 'without developer tools' },
  { devTools: 'true', name: 'with developer tools (DEV_TOOLS=true)' },
])('the API contract, $name', async ({ devTools }) => {
  const { app } = await createTestApp({ DEV_TOOLS: devTools });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rankmaps-openapi-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const references = await Promise.all(
    (['public', 'internal'] as const).map(async (name) => {
      const res = await app.inject({ method: 'GET', url: name === 'public' ? '/api/docs/json' : '/api/docs/internal/json' });
      const file = path.join(dir, `${name}.json`);
      writeFileSync(file, res.body);
      return { name, file, status: res.statusCode, doc: res.json<Document>() };
    }),
  );

  it.each(references.map((r) => [r.name, r] as const))('when the %s reference is linted by Redocly CLI (recommended), then it has no error', (_name, ref) => {
    expect(ref.status).toBe(200);
    expect(redocly(ref.file).errors).toEqual([]);
  });

  it.each(references.map((r) => [r.name, r] as const))('when the %s reference is linted by Spectral (spectral:oas), then it has no error', (_name, ref) => {
    expect(spectral(ref.file).errors).toEqual([]);
  });

  it('when a reference has a planted fault, then the linters report it (the checks above are not vacuous)', () => {
    const pub = references.find((r) => r.name === 'public')!;
    const broken = structuredClone(pub.doc);
    // A path parameter no operation declares, and an answer pointing at a schema that does not exist.
    const first = Object.values(Object.values(broken.paths)[0]!)[0]!;
    broken.paths['/api/v1/broken/{missing}'] = { get: { ...first, operationId: 'plantedFault', responses: { '200': { description: 'x', content: { 'application/json': { schema: { $ref: '#/components/schemas/Nope' } } } } } } };
    const file = path.join(dir, 'broken.json');
    writeFileSync(file, JSON.stringify(broken));
    expect(redocly(file).errors.length).toBeGreaterThan(0);
    expect(spectral(file).errors.length).toBeGreaterThan(0);
  });

  it('when the public reference is read, then it holds /api/v1 and the webhooks only, and the internal one the rest', () => {
    const [pub, internal] = references;
    const pubPaths = Object.keys(pub!.doc.paths);
    const internalPaths = Object.keys(internal!.doc.paths);
    expect(pubPaths.length).toBeGreaterThan(10);
    expect(pubPaths.every((p) => p.startsWith('/api/v1/'))).toBe(true);
    expect(internalPaths.some((p) => p.startsWith('/api/v1/'))).toBe(false);
    expect(internalPaths).toEqual(expect.arrayContaining(['/api/place', '/api/auth/login/user', '/api/operator/tickets']));
    expect(JSON.stringify(pub!.doc)).toContain('RankMaps-Signature');
  });

  it('when every operation of both references is listed, then each has a unique camelCase operationId, a summary and its 4xx answers', () => {
    const operations = references.flatMap((r) => Object.entries(r.doc.paths).flatMap(([p, ops]) => Object.entries(ops).map(([m, op]) => ({ label: `${m.toUpperCase()} ${p}`, op }))));
    const ids = operations.map((o) => o.op.operationId ?? `(none: ${o.label})`);
    expect(ids.filter((id) => !isCamelCase(id))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(operations.filter((o) => !o.op.summary).map((o) => o.label)).toEqual([]);
    expect(operations.filter((o) => !Object.keys(o.op.responses ?? {}).some((s) => s.startsWith('4'))).map((o) => o.label)).toEqual([]);
  });

  it('when the developer tools are listed in the internal reference, then they are there only with DEV_TOOLS=true, and the outbox never', () => {
    const internalPaths = Object.keys(references.find((r) => r.name === 'internal')!.doc.paths);
    const devPaths = internalPaths.filter((p) => /^\/api\/(dev|sandbox)\/|dev-params/.test(p));
    if (devTools === 'true') expect(devPaths).toEqual(expect.arrayContaining(['/api/dev/report-round/{id}', '/api/sandbox/checkout/{id}']));
    else expect(devPaths).toEqual([]);
    expect(devPaths.filter((p) => p.startsWith('/api/dev/mail'))).toEqual([]);
  });

  it('when the route table is read, then every API route was declared through the route kit', () => {
    const byHand = app.routeTable
      .filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs'))
      .filter((r) => !declarationOf(r))
      .map((r) => `${String(r.method)} ${r.url}`);
    expect(byHand).toEqual([]);
  });
});
