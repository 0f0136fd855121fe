import type { ColumnType } from 'kysely';
import type { Day, Flag, Id, Instant, LinkTable, TableColumns } from '../../db/column-types';

// Table types of people: memberships (a role in a school), invitations, guardians and tags on
// people. db/schema.ts joins every area's tables into Database.

export interface MembershipsTable {
  id: Id;
  school_id: number;
  user_id: number;
  role: string;
  created_at: Instant;
  search_text: ColumnType<string, string | undefined, string>;
  sort_name: ColumnType<string, string | undefined, string>;
  /** Admins only: every right in the school (1), or what their permission groups grant (0). */
  full_access: ColumnType<Flag, Flag | undefined, Flag>;
  code: ColumnType<string | null, string | null | undefined, string | null>;
  phone: ColumnType<string | null, string | null | undefined, string | null>;
  mobile: ColumnType<string | null, string | null | undefined, string | null>;
  birth_date: ColumnType<Day | null, Day | null | undefined, Day | null>;
  address: ColumnType<string | null, string | null | undefined, string | null>;
  city: ColumnType<string | null, string | null | undefined, string | null>;
  postal_code: ColumnType<string | null, string | null | undefined, string | null>;
  vat_number: ColumnType<string | null, string | null | undefined, string | null>;
  tax_office: ColumnType<string | null, string | null | undefined, string | null>;
  subjects: ColumnType<string | null, string | null | undefined, string | null>;
  notes: ColumnType<string | null, string | null | undefined, string | null>;
  level_id: ColumnType<number | null, number | null | undefined, number | null>;
  active: ColumnType<Flag, Flag | undefined, Flag>;
}

export interface SchoolInvitationsTable {
  id: Id;
  school_id: number;
  placeholder_user_id: number;
  email: string;
  role: string;
  token_hash: string;
  invited_by_user_id: number | null;
  created_at: Instant;
  expires_at: Instant;
  accepted_at: Instant | null;
  revoked_at: Instant | null;
}

export interface StudentGuardiansTable extends LinkTable {
  student_id: number;
  client_id: number;
}

export interface MemberTagsTable extends LinkTable {
  membership_id: number;
  tag_id: number;
}

export interface PeopleTables {
  memberships: MembershipsTable;
  school_invitations: SchoolInvitationsTable;
  student_guardians: StudentGuardiansTable;
  member_tags: MemberTagsTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const PEOPLE_COLUMNS: TableColumns<PeopleTables> = {
  memberships: {
    id: true,
    school_id: true,
    user_id: true,
    role: true,
    created_at: true,
    search_text: true,
    sort_name: true,
    full_access: true,
    code: true,
    phone: true,
    mobile: true,
    birth_date: true,
    address: true,
    city: true,
    postal_code: true,
    vat_number: true,
    tax_office: true,
    subjects: true,
    notes: true,
    level_id: true,
    active: true,
  },
  school_invitations: {
    id: true,
    school_id: true,
    placeholder_user_id: true,
    email: true,
    role: true,
    token_hash: true,
    invited_by_user_id: true,
    created_at: true,
    expires_at: true,
    accepted_at: true,
    revoked_at: true,
  },
  student_guardians: {
    id: true,
    school_id: true,
    student_id: true,
    client_id: true,
  },
  member_tags: {
    id: true,
    school_id: true,
    membership_id: true,
    tag_id: true,
  },
};
