import type { RecordAbilities } from '../../../shared/resources';

/**
 * What the caller may do with one record: the server's answer, which travels with every record
 * it returns (its area policy decided it); from an older server that sends none, the screen's
 * write permission. Never a rule of the renderer's own.
 */
export function recordAbilities(
  record: { abilities?: RecordAbilities } | undefined,
  canWrite: boolean,
): RecordAbilities {
  return record?.abilities ?? { update: canWrite, delete: canWrite };
}
