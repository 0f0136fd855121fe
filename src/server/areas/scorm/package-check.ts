import { Transform, type Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { RuleCode } from '../../../shared/api/envelope';
import type { ScormVersion } from '../../../shared/scorm/cmi';
import { ManifestError, readManifest } from './manifest';
import type { PackageLocation, PackageStore } from './storage';

// The checks an uploaded package passes before a byte of it is unpacked (docs/scorm.md):
// a zip; every name a plain path inside the package (no `..`, no absolute path, no backslash,
// no control character, no duplicate); no symbolic link; not encrypted; at most maxFiles
// files, each at most maxFileBytes and together at most maxUnpackedBytes, counted from the
// zip's directory and stopped at the first one over (a zip bomb is refused unread); then
// imsmanifest.xml at the root naming a launch file that is in the package. Unpacking counts
// the bytes again as they come (yauzl also refuses an entry longer than its directory says).

export interface PackageLimits {
  maxUnpackedBytes: number;
  maxFileBytes: number;
  maxFiles: number;
}

/** Why a package is refused, as a rule code with an English message. */
export class PackageRefusal extends Error {
  constructor(
    readonly code: RuleCode,
    message: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

export interface CheckedPackage {
  version: ScormVersion;
  title: string;
  /** The launch file with its query, as the player opens it. */
  launchPath: string;
  fileCount: number;
  unpackedBytes: number;
  /** Writes every file into the store; the zip is closed afterwards, whatever happens. */
  unpackInto(store: PackageStore, location: PackageLocation): Promise<void>;
  close(): void;
}

const MANIFEST = 'imsmanifest.xml';
const MANIFEST_MAX_BYTES = 2 * 1024 * 1024;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

const megabytes = (bytes: number) => Math.max(1, Math.floor(bytes / (1024 * 1024)));
const shown = (name: string) => name.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 200);

/** A zip entry's name as text: UTF-8 when flagged (bit 11), else as bytes (Latin-1). */
function nameOf(entry: Entry): string {
  const raw = entry.fileName as unknown as Buffer;
  return (entry.generalPurposeBitFlag & 0x800) !== 0
    ? raw.toString('utf8')
    : raw.toString('latin1');
}

/** The entry's path inside the package, or a refusal when it could leave it. */
export function safeInnerPath(name: string): string {
  const unsafe = (why: string) =>
    new PackageRefusal('scorm_unsafe_path', `The package has a path that ${why}: ${shown(name)}`, {
      path: shown(name),
    });
  if (name.includes('\\')) throw unsafe('uses backslashes');
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) throw unsafe('is absolute');
  if (/[\u0000-\u001f\u007f]/.test(name)) throw unsafe('has control characters');
  const segments = name.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) throw unsafe('leaves the package (..)');
  // 850 bytes leave room in S3's 1024-byte keys for scorm/<school>/<key>/ and an S3_PREFIX.
  if (Buffer.byteLength(name) > 850 || segments.some((s) => Buffer.byteLength(s) > 255))
    throw unsafe('is too long');
  return segments.join('/');
}

const openZip = (zipPath: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(
      zipPath,
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
      (error, zip) => (error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip)),
    ),
  );

const openEntry = (zip: ZipFile, entry: Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );

/** Reads the central directory: every entry, checked one by one as it comes. */
async function scan(zip: ZipFile, limits: PackageLimits) {
  const files = new Map<string, Entry>();
  const folders = new Set<string>();
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (entry: Entry) => {
      try {
        const name = nameOf(entry);
        const inner = safeInnerPath(name);
        const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
        if (mode === S_IFLNK)
          throw new PackageRefusal(
            'scorm_symlink',
            `The package has a symbolic link: ${shown(name)}`,
            { path: shown(name) },
          );
        const isFolder = name.endsWith('/');
        if (isFolder || inner === '') {
          if (inner) folders.add(inner);
          zip.readEntry();
          return;
        }
        if (entry.isEncrypted() || !entry.canDecodeFileData())
          throw new PackageRefusal(
            'scorm_unreadable_entry',
            `The package has a file the server cannot read (encrypted or an unknown compression): ${shown(name)}`,
            { path: shown(name) },
          );
        if (files.has(inner) || folders.has(inner))
          throw new PackageRefusal(
            'scorm_unsafe_path',
            `The package names a path twice: ${shown(name)}`,
            { path: shown(name) },
          );
        if (files.size + 1 > limits.maxFiles)
          throw new PackageRefusal(
            'scorm_too_large',
            `The package has more than ${limits.maxFiles} files.`,
            { max_files: limits.maxFiles },
          );
        if (entry.uncompressedSize > limits.maxFileBytes)
          throw new PackageRefusal(
            'scorm_too_large',
            `A file of the package is larger than ${megabytes(limits.maxFileBytes)} MB unpacked: ${shown(name)}`,
            { max_mb: megabytes(limits.maxFileBytes), path: shown(name) },
          );
        total += entry.uncompressedSize;
        if (total > limits.maxUnpackedBytes)
          throw new PackageRefusal(
            'scorm_too_large',
            `The package is larger than ${megabytes(limits.maxUnpackedBytes)} MB unpacked.`,
            { max_mb: megabytes(limits.maxUnpackedBytes) },
          );
        for (let at = inner.indexOf('/'); at > 0; at = inner.indexOf('/', at + 1))
          folders.add(inner.slice(0, at));
        files.set(inner, entry);
        zip.readEntry();
      } catch (error) {
        reject(error as Error);
      }
    });
    zip.readEntry();
  });
  // A file and a folder of the same name cannot both be unpacked.
  for (const folder of folders)
    if (files.has(folder))
      throw new PackageRefusal('scorm_unsafe_path', `The package names a path twice: ${folder}`, {
        path: shown(folder),
      });
  return { files, total };
}

/** Counts an entry's bytes as they are unpacked and stops at its declared size. */
function counted(limit: number, path: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit)
        done(new PackageRefusal('scorm_too_large', `A file grew past its size: ${path}`, { path }));
      else done(null, chunk);
    },
  });
}

async function readText(zip: ZipFile, entry: Entry, max: number): Promise<string> {
  const stream = await openEntry(zip, entry);
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max)
      throw new PackageRefusal('scorm_bad_manifest', 'imsmanifest.xml is too large.', {
        reason: 'too large',
      });
    parts.push(chunk);
  }
  return Buffer.concat(parts)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

/** Checks a package zip; refuses with a PackageRefusal. The caller closes what it answers. */
export async function checkPackage(
  zipPath: string,
  limits: PackageLimits,
): Promise<CheckedPackage> {
  let zip: ZipFile;
  try {
    zip = await openZip(zipPath);
  } catch {
    throw new PackageRefusal('scorm_not_zip', 'The file is not a zip archive (or it is damaged).');
  }
  try {
    let scanned: Awaited<ReturnType<typeof scan>>;
    try {
      scanned = await scan(zip, limits);
    } catch (error) {
      if (error instanceof PackageRefusal) throw error;
      throw new PackageRefusal('scorm_not_zip', 'The zip archive is damaged.');
    }
    const { files, total } = scanned;
    const manifestEntry = files.get(MANIFEST);
    if (!manifestEntry)
      throw new PackageRefusal(
        'scorm_no_manifest',
        'The package has no imsmanifest.xml at its root: it is not a SCORM package.',
      );
    let facts: ReturnType<typeof readManifest>;
    try {
      facts = readManifest(await readText(zip, manifestEntry, MANIFEST_MAX_BYTES));
    } catch (error) {
      if (error instanceof PackageRefusal) throw error;
      const reason = error instanceof ManifestError ? error.message : 'unreadable';
      throw new PackageRefusal('scorm_bad_manifest', `The manifest cannot be used: ${reason}`, {
        reason,
      });
    }
    const [file = '', query = ''] = facts.launchHref.split(/(?=[?#])/);
    let launchFile: string;
    try {
      launchFile = safeInnerPath(decodeURI(file));
    } catch {
      throw new PackageRefusal(
        'scorm_no_launch_file',
        `The launch file the manifest names is not in the package: ${shown(file)}`,
        { path: shown(file) },
      );
    }
    if (!files.has(launchFile))
      throw new PackageRefusal(
        'scorm_no_launch_file',
        `The launch file the manifest names is not in the package: ${shown(launchFile)}`,
        { path: shown(launchFile) },
      );
    const opened = zip;
    return {
      version: facts.version,
      title: facts.title,
      launchPath: launchFile + (query.startsWith('?') ? query : ''),
      fileCount: files.size,
      unpackedBytes: total,
      async unpackInto(store, location) {
        for (const [inner, entry] of files) {
          const stream = await openEntry(opened, entry);
          const checked = counted(entry.uncompressedSize, inner);
          // yauzl's own check (a longer entry than declared) must fail the write too.
          stream.on('error', (error) => checked.destroy(error));
          await store.write(location, inner, stream.pipe(checked), entry.uncompressedSize);
        }
      },
      close: () => opened.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
