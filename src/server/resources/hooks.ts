import type { Kysely, RawBuilder } from 'kysely';
import type { Role } from '../../shared/constants';
import type { RecordAbilities, ResourceDefinition } from '../../shared/resources';
import type { Database } from '../db/schema';
import type { RequestContext } from '../http/context';
import type { RealtimeHub } from '../realtime/hub';

// How an area adds its rules to the engine: it registers hooks for its resources by name,
// and the engine calls them without knowing any area. Generic rules (references in the
// school, unique fields, date ranges) stay in the engine.

/** A condition on the record alias `r`, given the caller's membership id and school. */
export type Scope = (me: number, schoolId: number) => RawBuilder<boolean>;
/** A subquery of the ids a caller may see behind a link field (the lessons both share). */
export type LinkScope = (me: number, schoolId: number) => RawBuilder<unknown>;

export interface SaveContext {
  trx: Kysely<Database>;
  ctx: RequestContext;
  resource: ResourceDefinition;
  /** The caller's membership id (scoped roles). */
  me: number | null;
  nowIso: string;
  /** Work to do once the transaction has committed (telling apps over sockets). */
  afterCommit: (() => void)[];
  realtime: RealtimeHub;
}

/** Who is asking, for the per-record rules. */
export interface RecordCaller {
  role: Role;
  userId: number;
  me: number | null;
  schoolId: number;
  fullAccess: boolean;
}

export interface ResourceHooks {
  /**
   * Rows each non-admin role in the declaration's `readableBy` sees: a scope, or 'school'
   * for the whole school (periods, categories). A readable role with neither refuses to start.
   */
  scopes?: Partial<Record<Role, Scope | 'school'>>;
  /** Per role, per link field: which linked ids that role is shown and may filter by. */
  linkScopes?: Partial<Record<Role, Record<string, LinkScope>>>;
  /** Runs inside the write's transaction before the row is written; may set values. */
  beforeSave?(save: SaveContext, values: Record<string, unknown>, created: boolean): Promise<void>;
  afterSave?(
    save: SaveContext,
    id: number,
    values: Record<string, unknown>,
    created: boolean,
  ): Promise<void>;
  /**
   * Runs inside the deletion's transaction before the row goes: what the database's cascades
   * cannot reach (the bytes of a lesson's uploaded files) is removed with it.
   */
  beforeDelete?(save: SaveContext, id: number): Promise<void>;
  /**
   * Whether this caller may change or delete this record, beyond the resource's write
   * permission (which is checked first): a teacher only their own announcements.
   */
  recordAbilities?(caller: RecordCaller, record: Record<string, unknown>): RecordAbilities;
  /** Whether this caller may write this resource at all, beyond its permission. */
  mayWrite?(caller: RecordCaller): boolean;
  /** Columns the rules need on every record although no client sees them (the author). */
  internalColumns?: string[];
}

const registry = new Map<string, ResourceHooks>();

/** Areas call this for each of their resources when the server is assembled. */
export function registerResourceHooks(resourceName: string, hooks: ResourceHooks): void {
  registry.set(resourceName, hooks);
}

export const hooksOf = (resource: ResourceDefinition): ResourceHooks =>
  registry.get(resource.name) ?? {};

/**
 * Row scopes fail closed: every role a resource is readable by must have a scope (or say it
 * reads the whole school), or the server refuses to start.
 */
export function assertScopesDeclared(resources: ResourceDefinition[]): void {
  const missing: string[] = [];
  for (const resource of resources) {
    for (const role of resource.readableBy ?? []) {
      if (!hooksOf(resource).scopes?.[role]) missing.push(`${resource.name} for ${role}`);
    }
  }
  if (missing.length) {
    throw new Error(
      `These resources are readable by a role without a row scope: ${missing.join(', ')}. ` +
        "Register a scope (or 'school') in the area's resource hooks.",
    );
  }
}
