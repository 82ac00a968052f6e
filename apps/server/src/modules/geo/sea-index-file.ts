import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { SeaIndexData } from './sea-index-build';

/**
 * The cached index on disk: "RMSEAIDX", a little-endian u32 with the header's length, a
 * JSON header, then each typed array, 8-byte aligned, so loading is one read into one
 * ArrayBuffer and a view per array (no parsing, no copies).
 */
const MAGIC = 'RMSEAIDX';
/** Bump when the layout or the build's meaning changes: older files are then rebuilt. */
export const SEA_INDEX_FORMAT = 1;
export const SEA_INDEX_FILE_NAME = `sea-index-v${SEA_INDEX_FORMAT}.bin`;

const SECTIONS = ['xy', 'blocks', 'cellOffsets', 'cellBase', 'entries'] as const;
type SectionName = (typeof SECTIONS)[number];
const ARRAY_TYPES = { xy: Float64Array, blocks: Int32Array, cellOffsets: Uint32Array, cellBase: Uint8Array, entries: Int32Array };

interface Header {
  format: number;
  sourceKey: string;
  sections: Record<SectionName, { offset: number; length: number }>;
  fileBytes: number;
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;
/** Room for the magic, the length and the JSON header; the first section starts after it. */
const HEADER_BYTES = 4096;

/** Writes the index to `path` atomically: a unique temporary file, fsync, then rename. */
export function writeSeaIndexFile(path: string, data: SeaIndexData, sourceKey: string): void {
  const sections = {} as Header['sections'];
  let offset = HEADER_BYTES;
  for (const name of SECTIONS) {
    sections[name] = { offset, length: data[name].length };
    offset = align8(offset + data[name].byteLength);
  }
  const headerJson = JSON.stringify({ format: SEA_INDEX_FORMAT, sourceKey, sections, fileBytes: offset } satisfies Header);
  if (12 + Buffer.byteLength(headerJson) > HEADER_BYTES) throw new Error('sea index header too long');
  const head = Buffer.alloc(HEADER_BYTES);
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(Buffer.byteLength(headerJson), 8);
  head.write(headerJson, 12, 'utf8');

  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, head);
    let at = head.length;
    for (const name of SECTIONS) {
      const { offset: start } = sections[name];
      if (start > at) writeSync(fd, Buffer.alloc(start - at));
      const bytes = Buffer.from(data[name].buffer, data[name].byteOffset, data[name].byteLength);
      writeSync(fd, bytes);
      at = start + bytes.length;
    }
    if (offset > at) writeSync(fd, Buffer.alloc(offset - at));
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw err;
  }
  closeSync(fd);
  renameSync(tmp, path);
}

/**
 * Reads an index file. Returns null when it is missing, from another format or another
 * source file, or not whole, so the caller rebuilds it.
 */
export async function readSeaIndexFile(path: string, sourceKey: string): Promise<SeaIndexData | null> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch {
    return null;
  }
  try {
    const { size } = await handle.stat();
    if (size < HEADER_BYTES) return null;
    // One ArrayBuffer of our own, so every section's offset is 8-byte aligned for its view.
    const buffer = new ArrayBuffer(size);
    const bytes = new Uint8Array(buffer);
    const readRange = async (from: number, to: number) => {
      for (let at = from; at < to; ) {
        const { bytesRead } = await handle.read(bytes, at, to - at, at);
        if (bytesRead === 0) return false;
        at += bytesRead;
      }
      return true;
    };
    // The header first: a stale or foreign file is refused without reading 46 MB.
    if (!(await readRange(0, HEADER_BYTES))) return null;
    const buf = Buffer.from(buffer, 0, HEADER_BYTES);
    if (buf.toString('latin1', 0, 8) !== MAGIC) return null;
    const headerLength = buf.readUInt32LE(8);
    if (12 + headerLength > HEADER_BYTES) return null;
    const header = JSON.parse(buf.toString('utf8', 12, 12 + headerLength)) as Header;
    if (header.format !== SEA_INDEX_FORMAT || header.sourceKey !== sourceKey || header.fileBytes !== size) return null;
    if (!(await readRange(HEADER_BYTES, size))) return null;
    const view = <N extends SectionName>(name: N) => {
      const { offset, length } = header.sections[name];
      return new ARRAY_TYPES[name](buffer, offset, length) as SeaIndexData[N];
    };
    return { xy: view('xy'), blocks: view('blocks'), cellOffsets: view('cellOffsets'), cellBase: view('cellBase'), entries: view('entries') };
  } finally {
    await handle.close();
  }
}
