import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../../src/shared/resources';
import type { RowsViewProps } from '../../../src/renderer/src/resources/listTypes';
import { recordAbilities } from '../../../src/renderer/src/resources/recordAbilities';
import type { ResourceRecord } from '../../../src/renderer/src/resources/resourceApi';
import { anyRowActions, rowActions } from '../../../src/renderer/src/resources/rowActions';

const mine: ResourceRecord = { id: 1, abilities: { update: true, delete: true } };
const theirs: ResourceRecord = { id: 2, abilities: { update: false, delete: false } };
const older: ResourceRecord = { id: 3 };

describe("a record's abilities", () => {
  it("are the server's answer when the record carries one, whatever the permission says", () => {
    expect(recordAbilities(theirs, true)).toEqual({ update: false, delete: false });
    expect(recordAbilities(mine, false)).toEqual({ update: true, delete: true });
  });

  it("fall back to the screen's write permission from an older server", () => {
    expect(recordAbilities(older, true)).toEqual({ update: true, delete: true });
    expect(recordAbilities(older, false)).toEqual({ update: false, delete: false });
    expect(recordAbilities(undefined, false)).toEqual({ update: false, delete: false });
  });
});

describe("a list's row menu", () => {
  const view = (rows: ResourceRecord[], canWrite: boolean): RowsViewProps =>
    ({
      resource: RESOURCES.announcements!,
      rows,
      onDelete: () => undefined,
      canDelete: (row: ResourceRecord) => recordAbilities(row, canWrite).delete,
    }) as unknown as RowsViewProps;

  it('offers Delete only on the rows whose abilities allow it', () => {
    const props = view([mine, theirs], false);
    expect(rowActions(props, mine).onDelete).toBeTypeOf('function');
    expect(rowActions(props, theirs).onDelete).toBeUndefined();
    expect(anyRowActions(props)).toBe(true);
  });

  it('has no menu column when no row has an action', () => {
    expect(anyRowActions(view([theirs], true))).toBe(false);
    expect(anyRowActions(view([older], false))).toBe(false);
    expect(anyRowActions(view([older], true))).toBe(true);
  });
});
