import type { ColumnType } from 'kysely';
import type { Flag, Id, Instant, TableColumns } from '../../db/column-types';

// Table types of sign-in: accounts, their sessions and password links, and the counters of
// the database rate limiter; db/schema.ts joins every area's tables into Database.

export interface UsersTable {
  id: Id;
  username: string;
  email: string | null;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  language: string;
  logo: string | null;
  disabled: ColumnType<Flag, Flag | undefined, Flag>;
  created_at: Instant;
  /** A school's stand-in account: the address its holder was invited at (not a login). */
  pending_email: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  id: Id;
  user_id: number;
  token_hash: string;
  platform: string | null;
  remember_me: Flag;
  created_at: Instant;
  expires_at: Instant;
  last_used_at: Instant;
  revoked_at: Instant | null;
  ip: string | null;
}

/** Columns 005_account_security adds to password_tokens. */
export interface PasswordLinkColumns {
  /** The address the link was mailed to; it works only while the account still has it. */
  email: string | null;
  /** Set when the link stopped working before use (password or email changed). */
  voided_at: string | null;
}

export interface PasswordTokensTable extends PasswordLinkColumns {
  id: Id;
  user_id: number;
  token_hash: string;
  purpose: 'reset' | 'create';
  created_at: Instant;
  expires_at: Instant;
  used_at: Instant | null;
}

export interface AccountTables {
  users: UsersTable;
  sessions: SessionsTable;
  password_tokens: PasswordTokensTable;
  /** Counters of the database rate limiter (http/database-rate-limiter.ts), one row per key. */
  rate_limits: { key: string; count: number; reset_at: string };
}

/** Every column of these tables, checked against the migrated database by a test. */
export const ACCOUNT_COLUMNS: TableColumns<AccountTables> = {
  users: {
    id: true,
    username: true,
    email: true,
    first_name: true,
    last_name: true,
    password_hash: true,
    language: true,
    logo: true,
    disabled: true,
    created_at: true,
    pending_email: true,
  },
  sessions: {
    id: true,
    user_id: true,
    token_hash: true,
    platform: true,
    remember_me: true,
    created_at: true,
    expires_at: true,
    last_used_at: true,
    revoked_at: true,
    ip: true,
  },
  password_tokens: {
    email: true,
    voided_at: true,
    id: true,
    user_id: true,
    token_hash: true,
    purpose: true,
    created_at: true,
    expires_at: true,
    used_at: true,
  },
  rate_limits: { key: true, count: true, reset_at: true },
};
