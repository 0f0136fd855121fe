// A Vite plugin that writes a brotli (.br) and a gzip (.gz) copy beside every text file of the
// build, so that the server sends compressed bytes without compressing on each request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
// Below about one TCP packet, compression saves no round trip and the headers cost more.
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      // .vite holds the manifest, which is read by tools, never fetched by browsers.
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
      }),
  );
  return nested.flat();
}

/** Compresses one file both ways; a copy that would not be smaller is not written. */
async function precompressFile(file: string): Promise<void> {
  const content = await readFile(file);
  // Build time can afford the slowest, smallest settings, unlike compression per request.
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
}

/** Writes .br and .gz copies of the text files of a folder that are worth compressing. */
export async function precompressFolder(dir: string): Promise<void> {
  const files = await filesUnder(dir);
  const worth = await Promise.all(
    files.map(async (file) => COMPRESSIBLE.test(file) && (await stat(file)).size >= MIN_BYTES),
  );
  await Promise.all(files.filter((_file, index) => worth[index]).map(precompressFile));
}

/** Precompresses the written build (its output folder, whatever --outDir says). */
export function precompress(): Plugin {
  return {
    name: 'mathema-precompress',
    apply: 'build',
    // After every other plugin has written its files, so that no copy is of a stale version.
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(output) {
        if (output.dir) await precompressFolder(output.dir);
      },
    },
  };
}
