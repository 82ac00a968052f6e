import { deflateRawSync } from 'node:zlib';

/**
 * A ZIP archive of one file (local header, the file, central directory, end record), built by
 * hand so tests control every byte. Stored: the content as it is (appended to an image, a
 * polyglot). Deflated: the content compressed, the header declaring its inflated size (filled
 * with zeros, a few kilobytes that inflate to megabytes: a ZIP bomb). No CRC: nothing should
 * ever unpack it.
 */
export function oneFileZip(name: string, content: Buffer, method: 'stored' | 'deflated'): Buffer {
  const deflated = method === 'deflated';
  const data = deflated ? deflateRawSync(content, { level: 9 }) : content;
  const fileName = Buffer.from(name);
  // 1.0 is enough to extract a stored file; 2.0 is needed for deflate (method 8).
  const version = deflated ? 20 : 10;
  const methodCode = deflated ? 8 : 0;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(version, 4);
  local.writeUInt16LE(methodCode, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(version, 4);
  central.writeUInt16LE(version, 6);
  central.writeUInt16LE(methodCode, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(local.length + fileName.length + data.length, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}
