import type { TableColumns } from '../../db/column-types';
import type { Generated } from 'kysely';

// Table types of the calendar area; db/schema.ts adds them to Database.

/** A private iCalendar link of a membership; the token itself is never stored. */
export interface CalendarFeedsTable {
  id: Generated<number>;
  school_id: number;
  membership_id: number;
  token_hash: string;
  created_at: string;
}

export interface CalendarTables {
  calendar_feeds: CalendarFeedsTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const CALENDAR_COLUMNS: TableColumns<CalendarTables> = {
  calendar_feeds: {
    id: true,
    school_id: true,
    membership_id: true,
    token_hash: true,
    created_at: true,
  },
};
