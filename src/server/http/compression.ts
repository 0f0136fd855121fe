import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

// JSON, text and markup; not octet-stream, images or office files, which are compressed
// already or are downloads whose length the browser shows. Server-sent events stay unbuffered.
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[/+](?:json|xml)(?:;|$)|javascript|svg/;

/**
 * Compresses answers of routes registered after this call (brotli or gzip, as the client
 * accepts) once they pass about a packet; smaller ones go as they are. Register it after the
 * web app, whose files are compressed at build time.
 */
export async function compressAnswers(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    // Request bodies are never compressed by our clients; inflating them would only open a way
    // around the body limit.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
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
