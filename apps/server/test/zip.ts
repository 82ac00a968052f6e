import { deflateRawSync } from 'node:zlib';

type Field = [offset: number, width: 2 | 4, value: number];

/** A little-endian record of `size` bytes with the fields set, zeros elsewhere. */
function record(size: number, fields: Field[]): Buffer {
  const out = Buffer.alloc(size);
  for (const [offset, width, value] of fields) {
    if (width === 2) out.writeUInt16LE(value, offset);
    else out.writeUInt32LE(value, offset);
  }
  return out;
}

/**
 * A ZIP archive of one file (local header, the file, central directory, end record), built by
 * hand so tests control every byte. Stored: the content as it is (appended to an image, a
 * polyglot). Deflated: the content compressed, the headers declaring its inflated size (zeros:
 * a few kilobytes that inflate to megabytes, a ZIP bomb). No CRC: nothing should ever unpack it.
 */
export function oneFileZip(name: string, content: Buffer, method: 'stored' | 'deflated'): Buffer {
  const deflated = method === 'deflated';
  const data = deflated ? deflateRawSync(content, { level: 9 }) : content;
  const fileName = Buffer.from(name);
  // 1.0 is enough to extract a stored file; 2.0 is needed for deflate (method 8).
  const version = deflated ? 20 : 10;
  const methodCode = deflated ? 8 : 0;
  // The central directory's entry repeats the local header's fields, 2 bytes further on (after
  // the "version made by" that only it has).
  const sharedFields: Field[] = [
    [4, 2, version],
    [8, 2, methodCode],
    [18, 4, data.length],
    [22, 4, content.length],
    [26, 2, fileName.length],
  ];
  const local = record(30, [[0, 4, 0x04034b50], ...sharedFields]);
  const central = record(46, [
    [0, 4, 0x02014b50],
    [4, 2, version],
    ...sharedFields.map(([offset, width, value]): Field => [offset + 2, width, value]),
  ]);
  const directoryOffset = local.length + fileName.length + data.length;
  const end = record(22, [
    [0, 4, 0x06054b50],
    [8, 2, 1],
    [10, 2, 1],
    [12, 4, central.length + fileName.length],
    [16, 4, directoryOffset],
  ]);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}
