// What a file really is, from its first bytes: the browser's claim and the file's name are
// the uploader's to choose, so neither decides how the file is served.

/** How many bytes of the start sniffing reads. */
export const SNIFF_BYTES = 4096;

export interface Sniffed {
  contentType: string;
  /** Programs and scripts: refused whatever they are called. */
  executable: boolean;
}

/** Types shown in the page (an <img>, a PDF viewer, a player); every other type downloads. */
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'audio/mpeg',
  'audio/ogg',
  'video/mp4',
  'text/plain',
]);

export const isShownInline = (contentType: string) => INLINE_TYPES.has(contentType);

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

// Names that run when opened, on Windows above all, however their bytes look.
const EXECUTABLE_NAMES =
  /\.(exe|com|bat|cmd|scr|pif|msi|msp|dll|cpl|ps1|psm1|vbs|vbe|js|jse|wsf|wsh|hta|lnk|reg|jar|sh|app|apk|deb|rpm)$/i;

const ZIP_TYPES: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};

function isUtf8Text(head: Buffer): boolean {
  if (head.includes(0)) return false;
  // A multi-byte character cut at the end of the sample is still text.
  for (let cut = 0; cut < 4 && cut < head.length; cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - cut));
      return true;
    } catch {
      // try a shorter sample
    }
  }
  return false;
}

/** Sniffs a file's type from its first bytes (and, for zip containers, its name). */
export function sniff(head: Buffer, name: string): Sniffed {
  const type = (contentType: string): Sniffed => ({ contentType, executable: false });
  if (
    startsWith(head, ascii('MZ')) ||
    startsWith(head, [0x7f, 0x45, 0x4c, 0x46]) ||
    startsWith(head, [0xfe, 0xed, 0xfa, 0xce]) ||
    startsWith(head, [0xfe, 0xed, 0xfa, 0xcf]) ||
    startsWith(head, [0xce, 0xfa, 0xed, 0xfe]) ||
    startsWith(head, [0xcf, 0xfa, 0xed, 0xfe]) ||
    startsWith(head, [0xca, 0xfe, 0xba, 0xbe]) ||
    startsWith(head, ascii('#!')) ||
    EXECUTABLE_NAMES.test(name)
  )
    return { contentType: 'application/octet-stream', executable: true };
  if (startsWith(head, ascii('%PDF-'))) return type('application/pdf');
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return type('image/png');
  if (startsWith(head, [0xff, 0xd8, 0xff])) return type('image/jpeg');
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a')))
    return type('image/gif');
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8))
    return type('image/webp');
  if (startsWith(head, ascii('ftyp'), 4)) return type('video/mp4');
  if (startsWith(head, ascii('ID3')) || startsWith(head, [0xff, 0xfb])) return type('audio/mpeg');
  if (startsWith(head, ascii('OggS'))) return type('audio/ogg');
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    const extension = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
    return type(ZIP_TYPES[extension] ?? 'application/zip');
  }
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0])) return type('application/x-ole-storage');
  if (isUtf8Text(head)) {
    const start = head
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart()
      .slice(0, 1024)
      .toLowerCase();
    // Markup can run script when opened from our origin: kept, but only ever downloaded.
    if (
      /^<(!doctype html|html|head|body|script|svg|\?xml)/.test(start) ||
      /<script|<svg/.test(start)
    )
      return type(start.includes('<svg') ? 'image/svg+xml' : 'text/html');
    return type('text/plain');
  }
  return type('application/octet-stream');
}
