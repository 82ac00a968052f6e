import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pgliteDirectory } from './client';

describe('pgliteDirectory', () => {
  it('when DATA_DIR is new, then the database gets its own db folder beside the cache and uploads', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rm-data-'));
    expect(pgliteDirectory(dir)).toBe(path.join(dir, 'db'));
  });

  it('when DATA_DIR already holds a database at its top level, then that database keeps being used', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rm-data-'));
    writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
    expect(pgliteDirectory(dir)).toBe(dir);
  });
});
