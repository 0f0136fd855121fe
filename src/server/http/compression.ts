import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import zlib, { constants } from 'node:zlib';

// JSON, text and markup; not octet-stream, images or office files, which are compressed
// already or are downloads whose length the browser shows. Server-sent events stay unbuffered.
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[/+](?:json|xml)(?:;|$)|javascript|svg/;

/**
 * zstd where Node has it (22.15 and later): Chromium and Firefox ask for it, and it compresses
 * a gradebook's 33 kB in a third of brotli's time at a similar size. The plugin would give zstd
 * gzip's options, whose flush mode means "end the frame" to zstd; a streamed answer flushes
 * each write without ending its frame instead.
 */
const zstd =
  typeof zlib.createZstdCompress === 'function'
    ? {
        createZstdCompress: () => zlib.createZstdCompress({ flush: constants.ZSTD_e_flush }),
        zstdCompressSync: (payload: Buffer) => zlib.zstdCompressSync(payload),
      }
    : null;

/**
 * Compresses answers of routes registered after this call (zstd, brotli or gzip, as the client
 * accepts) once they pass about a packet; smaller ones go as they are. Register it after the
 * web app, whose files are compressed at build time.
 */
export async function compressAnswers(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    // Request bodies are never compressed by our clients; inflating them would only open a way
    // around the body limit.
    globalDecompression: false,
    encodings: zstd ? ['zstd', 'br', 'gzip'] : ['br', 'gzip'],
    ...(zstd ? { zlib: zstd } : {}),
    threshold: 1024,
    // An answer already in memory up to 64 kB is compressed in one call; the plugin's default
    // on two cores (8 kB) sent a gradebook's 33 kB through a zlib stream, whose set-up and
    // scheduling cost more than the compression (W9). Larger answers and streams still go
    // through the threadpool.
    syncThreshold: 64 * 1024,
    customTypes: COMPRESSIBLE_TYPES,
    // Flushing each write keeps a streamed answer (an AI reply, an export) arriving as it is
    // written, instead of waiting for the compressor's window to fill.
    zlibOptions: { flush: constants.Z_SYNC_FLUSH },
    brotliOptions: {
      flush: constants.BROTLI_OPERATION_FLUSH,
      // A low quality, as per request; the build's own files get the highest.
      params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
    },
  });
}
