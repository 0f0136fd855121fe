import zlib from 'node:zlib';

// An .xlsx is a zip. Its central directory (at the end of the file) states each entry's
// packed and unpacked size, so a zip bomb — a few kilobytes that unpack to gigabytes — is
// refused from those figures before any byte is inflated.

export interface ZipEntry {
  name: string;
  method: number;
  packedSize: number;
  unpackedSize: number;
  localHeaderOffset: number;
}

export class ZipProblem extends Error {
  constructor(
    readonly kind: 'damaged' | 'too_large',
    message: string,
  ) {
    super(message);
  }
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const ZIP64_MARKER = 0xffffffff;

const damaged = () =>
  new ZipProblem('damaged', 'The file is damaged or is not an Excel (.xlsx) file.');

/** Lists a zip's entries from its central directory; refuses anything malformed or truncated. */
export function zipEntries(zip: Buffer): ZipEntry[] {
  // The end record is 22 bytes plus a comment of at most 65,535 bytes.
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--) {
    if (zip.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw damaged();
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (directoryOffset === ZIP64_MARKER || directoryOffset + directorySize > end) throw damaged();
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL_DIRECTORY_ENTRY) throw damaged();
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      method: zip.readUInt16LE(at + 10),
      packedSize: zip.readUInt32LE(at + 20),
      unpackedSize: zip.readUInt32LE(at + 24),
      localHeaderOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    };
    if (
      entry.packedSize === ZIP64_MARKER ||
      entry.unpackedSize === ZIP64_MARKER ||
      entry.localHeaderOffset + 30 + entry.packedSize > directoryOffset
    )
      throw damaged();
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Checks the stated sizes against limits: the number of entries, and what all of them
 * unpack to together. Returns the entries for reading.
 */
export function inspectZip(
  zip: Buffer,
  limits: { maxEntries: number; maxUnpackedBytes: number },
): ZipEntry[] {
  const entries = zipEntries(zip);
  if (entries.length > limits.maxEntries)
    throw new ZipProblem(
      'too_large',
      `The file holds ${entries.length} parts; an Excel sheet for import has far fewer.`,
    );
  const unpacked = entries.reduce((sum, e) => sum + e.unpackedSize, 0);
  if (unpacked > limits.maxUnpackedBytes)
    throw new ZipProblem(
      'too_large',
      `The file unpacks to ${Math.ceil(unpacked / 1024 / 1024)} MB; import at most ${Math.floor(limits.maxUnpackedBytes / 1024 / 1024)} MB of data at a time.`,
    );
  return entries;
}

/**
 * Unpacks one entry, never beyond its stated size (inflate stops there: a lying central
 * directory cannot make it produce more).
 */
export function readZipEntry(zip: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (zip.readUInt32LE(at) !== LOCAL_FILE_HEADER) throw damaged();
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const packed = zip.subarray(start, start + entry.packedSize);
  if (entry.method === 0) return Buffer.from(packed);
  if (entry.method !== 8) throw damaged();
  try {
    return zlib.inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.unpackedSize) });
  } catch {
    throw damaged();
  }
}
