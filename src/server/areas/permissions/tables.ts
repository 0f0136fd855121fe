import type { ColumnType } from 'kysely';
import type { Flag, Id, TableColumns } from '../../db/column-types';

// Table types of permission groups, their rules and members. db/schema.ts joins every area's
// tables into Database.

export interface PermissionGroupsTable {
  id: Id;
  school_id: number;
  search_text: ColumnType<string, string | undefined, string>;
  name: string;
}

export interface PermissionRulesTable {
  id: Id;
  school_id: number;
  search_text: ColumnType<string, string | undefined, string>;
  group_id: number;
  resource: string;
  can_read: Flag;
  can_write: Flag;
}

export interface PermissionGroupMembersTable {
  id: Id;
  school_id: number;
  group_id: number;
  user_id: number;
}

export interface PermissionTables {
  permission_groups: PermissionGroupsTable;
  permission_rules: PermissionRulesTable;
  permission_group_members: PermissionGroupMembersTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const PERMISSIONS_COLUMNS: TableColumns<PermissionTables> = {
  permission_groups: {
    id: true,
    school_id: true,
    search_text: true,
    name: true,
  },
  permission_rules: {
    id: true,
    school_id: true,
    search_text: true,
    group_id: true,
    resource: true,
    can_read: true,
    can_write: true,
  },
  permission_group_members: {
    id: true,
    school_id: true,
    group_id: true,
    user_id: true,
  },
};
