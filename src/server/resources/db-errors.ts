import { ApiError } from '../http/errors';

/** Maps unique and foreign-key violations of SQLite and PostgreSQL to a 409 a person understands. */
export function conflictFromDatabase(error: unknown, what: string): ApiError | null {
  const code = (error as { code?: string }).code ?? '';
  if (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  ) {
    return new ApiError('conflict', `A ${what.toLowerCase()} with these details already exists.`);
  }
  const foreignKey =
    code === 'SQLITE_CONSTRAINT_FOREIGNKEY' ||
    code === '23503' ||
    // SQLite reports ON DELETE RESTRICT as a trigger constraint.
    (code === 'SQLITE_CONSTRAINT_TRIGGER' && /FOREIGN KEY/.test(String((error as Error).message)));
  if (foreignKey) {
    return new ApiError(
      'conflict',
      `This ${what.toLowerCase()} is still used by other records. Remove or change those first.`,
    );
  }
  return null;
}
