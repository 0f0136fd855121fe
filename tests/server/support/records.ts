import type { Kysely } from 'kysely';
import {
  RESOURCES,
  type FieldDefinition,
  type ResourceDefinition,
} from '../../../src/shared/resources';
import type { Database } from '../../../src/server/db/schema';

/** A value the field's schema accepts, plain enough for any record. */
function plainValue(field: FieldDefinition, unique: string): unknown {
  const ending = /(^|_)end/.test(field.name);
  switch (field.kind) {
    case 'text':
      return `${field.label} ${unique}`.slice(0, 40);
    case 'longtext':
      return `Text ${unique}`;
    case 'email':
      return `${unique}@records.test`;
    case 'phone':
      return '+30 210 000 0000';
    case 'date':
      return ending ? '2030-06-30' : '2030-01-01';
    case 'time':
      return ending ? '11:00' : '10:00';
    case 'integer':
    case 'money':
      return 1;
    case 'boolean':
      return false;
    case 'color':
      return '#123456';
    case 'select':
      return field.options![0];
    case 'references':
      return [];
    case 'reference':
      return undefined;
  }
}

/**
 * A create body the resource's own schema accepts: every required field (and, for people, an
 * e-mail of their own) with a plain value, references pointing at the school's first record of
 * their target. Built from the declaration, so a new resource needs nothing here.
 */
export async function createBody(
  db: Kysely<Database>,
  resource: ResourceDefinition,
  school: number,
  unique: string,
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const field of resource.fields) {
    if (field.readOnly || !(field.required || (resource.people && field.kind === 'email')))
      continue;
    if (field.kind === 'reference') {
      const target = RESOURCES[field.target!]!;
      let query = db
        .selectFrom(target.table as 'levels')
        .select('id')
        .where('school_id', '=', school);
      if (target.people) query = query.where('role' as never, '=', target.people.role as never);
      const row = await query.orderBy('id').executeTakeFirst();
      if (!row) throw new Error(`School ${school} has no ${target.name} for ${field.name}`);
      body[field.name] = row.id;
    } else {
      body[field.name] = plainValue(field, unique);
    }
  }
  return body;
}
