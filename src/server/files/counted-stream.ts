import { Transform } from 'node:stream';

/** The bytes given are not as many as announced: the source's fault, not the store's. */
export class StreamLengthError extends Error {}

/**
 * Passes bytes through and fails when there are more or fewer than announced: a stream stored
 * with a declared length must not be cut short or run over (an S3 PUT sends the length first).
 */
export function countedStream(expected: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > expected)
        done(new StreamLengthError(`The stream holds more than the ${expected} bytes announced.`));
      else done(null, chunk);
    },
    flush(done) {
      if (seen !== expected)
        done(
          new StreamLengthError(`The stream held ${seen} bytes, not the ${expected} announced.`),
        );
      else done();
    },
  });
}
