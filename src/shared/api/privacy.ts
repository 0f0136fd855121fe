import { z } from 'zod';
import { endpoint } from './endpoint';
import { idParam, schoolRoleParams } from './school';

// The school's duties under the GDPR (docs/privacy.md): giving a person everything held
// about them, and erasing a person while keeping what the law requires.

export const personParams = schoolRoleParams.extend({ user_id: idParam });

/** The erase is only done when the admin types the word shown in the dialog. */
export const ERASE_CONFIRMATION = 'ERASE';

export const eraseBody = z.object({
  confirmation: z.literal(ERASE_CONFIRMATION, {
    error: `Type ${ERASE_CONFIRMATION} to confirm the erasure`,
  }),
});

export const erasedPerson = z.object({
  user_id: z.number().int(),
  /** Rows made anonymous or removed, by table. */
  changed: z.record(z.string(), z.number().int()),
  /** Tables of financial documents kept as the law requires. */
  kept: z.array(z.string()),
});
export type ErasedPerson = z.infer<typeof erasedPerson>;

export const privacyEndpoints = {
  exportPerson: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/people/:user_id/export',
    access: 'school-role',
    summary:
      'Everything the school holds about a person, as a zip of person.json and their files (admins with full access or the users permission; audited).',
    params: personParams,
    response: z.null(),
  }),
  erasePerson: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/people/:user_id/erase',
    access: 'school-role',
    summary:
      'Erase a person: names, contact details, photo and their free texts made anonymous, their files removed, financial documents kept (same admins; audited).',
    params: personParams,
    body: eraseBody,
    response: erasedPerson,
  }),
};
