import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../src/shared/api/endpoint';
import type { FileEntity } from '../../src/shared/api/files';
import type { Role } from '../../src/shared/constants';
import { ROLE_DEFAULT_PERMISSIONS, type PermissionResource } from '../../src/shared/permissions';
import { RESOURCES, type ResourceDefinition } from '../../src/shared/resources';
import { issueDocument } from '../../src/server/areas/invoices/issue';
import { servedEndpoints } from '../../src/server/http/route';
import { PRUNE_JOBS_KIND } from '../../src/server/jobs/upkeep';
import { insertAccount, insertPermissionGroup } from './support/accounts';
import { apiClient, type ApiClient } from './support/client';
import { SCHOOL_PROFILE, tuitionReceipt } from './support/invoicing';
import { createBody } from './support/records';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { scormPackage } from '../fixtures/scormPackages';
import {
  insertFileRow,
  insertQuizAttempt,
  insertSubmission,
  lexical,
  PNG_BYTES,
  QUIZ_QUESTION,
  teachingFixture,
  type TeachingFixture,
} from './support/teaching';

/**
 * The authorization matrix: every caller kind of the demo school × every write route of the
 * route registry × the records it may aim at (its own, someone else's, and one of an account
 * more powerful than any limited admin), each answer checked against what the policies say.
 * The expected outcome is computed here from the shared declarations — the resource's
 * `permission` and `readableBy`, ROLE_DEFAULT_PERMISSIONS, the caller's permission groups —
 * and from the rules the docs state for accounts (docs/security.md, areas/people/policy.ts):
 * the admin role needs full access, and an account changes only by a caller who may manage
 * every membership it holds here. A cell the policy allows must succeed; a cell it refuses
 * must answer a refusal (403, 404, or 409 for a rule such as "not on yourself"), never a 2xx.
 * A write route the test has no rule for fails the test, so a new one is covered the day it
 * is added. The teaching areas' rules are those of their policies (chapters, tasks, taskbooks,
 * files, calendar): there "own" is a lesson the caller teaches or attends (a parent: their
 * child's), "other" a lesson they are no part of.
 */
const ATHENS = 1;
const THESSALONIKI = 2;

type Target = 'new' | 'own' | 'other' | 'powerful';
type Grant = { read: boolean; write: boolean };

interface Caller {
  name: string;
  role: Role;
  token: string;
  userId: number;
  /** The caller's membership in Athens in `role`. */
  membershipId: number;
  fullAccess: boolean;
  /** Write per permission resource, as the declarations and the caller's groups give it. */
  grants: Map<string, Grant>;
}

/** One request of a cell, prepared just before it is sent (fresh records for deletes). */
interface Prepared {
  id?: number;
  /** Path parameters besides `:id` (a task's `:submission_id`, a register's `:date`). */
  params?: Record<string, number | string>;
  body?: unknown;
  form?: { file: Blob; name: string; fields?: Record<string, string> };
  query?: string;
}

interface Scenario {
  target: Target;
  /** What the target is, where one route has several (an upload to a chapter or a submission). */
  what?: string;
  /** Whether the policy allows it, and the rule that says so. */
  expect(caller: Caller): [boolean, string];
  /** Null when the target makes no sense for this caller (a membership it does not hold). */
  prepare(caller: Caller): Promise<Prepared | null>;
  /** For an allowed cell: why its effect is not what the policy says (null when it is). */
  verify?(caller: Caller): Promise<string | null>;
}

const LIST_OF_ROLE: Record<Exclude<Role, 'admin'>, PermissionResource> = {
  student: 'students',
  teacher: 'teachers',
  client: 'clients',
};

const grantOf = (caller: Caller, permission: string): Grant =>
  caller.grants.get(permission) ?? { read: false, write: false };

/** The people policy: the admin role needs full access, others their list or `users`. */
const mayManageRole = (caller: Caller, role: Role): boolean =>
  caller.role === 'admin' &&
  (role === 'admin'
    ? caller.fullAccess
    : grantOf(caller, LIST_OF_ROLE[role]).write || grantOf(caller, 'users').write);

/** Whether the engine lets this caller write the resource at all (before any record rule). */
function mayWriteResource(caller: Caller, resource: ResourceDefinition): [boolean, string] {
  const grant =
    caller.role === 'admin' || resource.readableBy?.includes(caller.role)
      ? grantOf(caller, resource.permission)
      : { read: false, write: false };
  if (!grant.write) return [false, `no write on ${resource.permission}`];
  // Permission groups decide what limited admins may do: editing one could widen their own.
  if (resource.permission === 'permissions' && !caller.fullAccess)
    return [false, 'permission groups need full access'];
  return [true, `write on ${resource.permission}`];
}

describe.each(databaseKinds)('authorization matrix on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let callers: Caller[];
  let fullAdmin: Caller;
  let teacher: Caller;
  let teacherLesson: number;
  let otherTeacherUser: number;
  /** `shared` is the demo teacher's and student's lesson ("own"), `foreign` neither's. */
  let lessons: TeachingFixture;
  /** A student of the foreign lesson, whose work the demo teacher does not grade. */
  let foreignStudent: number;
  let unique = 0;
  const next = () => `m${++unique}`;
  /** A sub-period of the current period that has not begun (open, for the gradebook's cells). */
  let laterSubPeriod: number;
  let absenceDays = 0;

  const db = () => server.built.deps.db;

  /** Athens memberships of an account, by role. */
  const rolesHere = async (userId: number) =>
    (
      await db()
        .selectFrom('memberships')
        .select(['role', 'school_id'])
        .where('user_id', '=', userId)
        .execute()
    ).map((m) => ({ role: m.role as Role, here: m.school_id === ATHENS }));

  /** An account of the school holding `roles`; with `admin` it holds full access. */
  async function person(roles: Role[]) {
    const email = `${next()}@matrix.test`;
    const account = await insertAccount(
      db(),
      email,
      roles.map((role) => ({ school: ATHENS, role, fullAccess: role === 'admin' })),
    );
    return {
      email,
      userId: account.userId,
      membership: (role: Role) => account.memberships.get(`${ATHENS}:${role}`)!,
    };
  }

  /**
   * A record of the resource created by the full admin, for the cells to aim at. When the
   * first records it refers to already have one like it (a group's rule for a resource), it
   * refers to fresh ones instead.
   */
  async function record(resource: ResourceDefinition): Promise<number> {
    const body = await createBody(db(), resource, ATHENS, next());
    const path = `/schools/${ATHENS}/admin/${resource.name}`;
    let created = await api.post(path, body, fullAdmin.token);
    if (created.status === 409) {
      for (const field of resource.fields)
        if (field.kind === 'reference' && field.name in body)
          body[field.name] = await record(RESOURCES[field.target!]!);
      created = await api.post(path, body, fullAdmin.token);
    }
    if (created.status !== 200)
      throw new Error(`fixture ${resource.name}: ${JSON.stringify(created.body)}`);
    return (created.body.data as { id: number }).id;
  }

  /** An announcement to a lesson teacher@ teaches, written by `authorUserId`. */
  async function announcement(authorUserId: number): Promise<number> {
    const { id } = await db()
      .insertInto('announcements')
      .values({
        school_id: ATHENS,
        title: `Matrix ${next()}`,
        body: 'Text',
        audience: 'lesson',
        lesson_id: teacherLesson,
        category_id: null,
        author_user_id: authorUserId,
        created_at: new Date().toISOString(),
        search_text: 'matrix',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** A changed name, different for every cell, so that no write is a no-op. */
  const rename = (resource: ResourceDefinition | undefined) => {
    const field = resource?.people
      ? 'first_name'
      : (resource?.fields.find((f) => (f.kind === 'text' || f.kind === 'longtext') && !f.readOnly)
          ?.name ?? 'first_name');
    return { [field]: `Changed ${next()}` };
  };

  /** The targets of the engine's routes for one resource, with what the policy says of each. */
  function engineScenarios(resource: ResourceDefinition, action: string): Scenario[] {
    const write = (caller: Caller) => mayWriteResource(caller, resource);
    const people = resource.people?.role as Exclude<Role, 'admin'> | undefined;
    if (action === 'create' || action === 'import') {
      const send = async (caller: Caller, body: Record<string, unknown>): Promise<Prepared> => {
        if (action === 'create') return { body };
        const csv = `Last name,First name,Email\n${body.last_name},${body.first_name},${body.email}\n`;
        return {
          form: { file: new Blob([csv], { type: 'text/csv' }), name: 'people.csv' },
          query: '?commit=true',
        };
      };
      const fresh = async (caller: Caller) => {
        const body = await createBody(db(), resource, ATHENS, next());
        // Fresh records to refer to, so that no unique rule (one rule per group and
        // resource) refuses a create the policy allows.
        for (const field of resource.fields)
          if (field.kind === 'reference' && field.name in body)
            body[field.name] = await record(RESOURCES[field.target!]!);
        if (resource.name === 'announcements' && caller.role === 'teacher')
          Object.assign(body, { audience: 'lesson', lesson_id: teacherLesson });
        return body;
      };
      const scenarios: Scenario[] = [
        {
          target: 'new',
          expect: (caller) => {
            const [may, why] = write(caller);
            if (!may || !people) return [may, why];
            return [mayManageRole(caller, people), `manage the ${people} role`];
          },
          prepare: async (caller) => send(caller, await fresh(caller)),
        },
      ];
      if (people)
        scenarios.push({
          // The e-mail of an account that holds full access here: joining it to a list
          // changes that account, which only a full admin may.
          target: 'powerful',
          expect: (caller) => {
            const [may, why] = write(caller);
            return may ? [caller.fullAccess, 'the account holds the admin role'] : [may, why];
          },
          prepare: async (caller) => {
            const body = await fresh(caller);
            return send(caller, { ...body, email: (await person(['admin'])).email });
          },
        });
      return scenarios;
    }

    // Update and delete: the records each caller may aim at.
    const targets: Target[] =
      people || resource.name === 'announcements' ? ['own', 'other', 'powerful'] : ['other'];
    const fixtures = new Map<string, number>();
    const aimAt = async (caller: Caller, target: Target): Promise<number | null> => {
      const key = `${caller.name}:${target}`;
      if (action !== 'delete' && fixtures.has(key)) return fixtures.get(key)!;
      let id: number | null;
      if (people) {
        if (target === 'own') {
          const row = await db()
            .selectFrom('memberships')
            .select('id')
            .where('school_id', '=', ATHENS)
            .where('user_id', '=', caller.userId)
            .where('role', '=', people)
            .executeTakeFirst();
          id = row?.id ?? null;
        } else {
          const account = await person(target === 'powerful' ? ['admin', people] : [people]);
          id = account.membership(people);
        }
      } else if (resource.name === 'announcements') {
        const author =
          target === 'own'
            ? caller.userId
            : target === 'other'
              ? otherTeacherUser
              : fullAdmin.userId;
        id = await announcement(author);
      } else {
        id = await record(resource);
      }
      if (id !== null) fixtures.set(key, id);
      return id;
    };
    return targets.map((target) => ({
      target,
      expect: (caller) => {
        const [may, why] = write(caller);
        if (!may) return [may, why];
        if (resource.name === 'announcements' && caller.role !== 'admin' && target !== 'own')
          return [false, 'only its author or the office changes an announcement'];
        if (people && target === 'powerful' && !caller.fullAccess)
          return [false, 'the account holds the admin role'];
        if (people && !mayManageRole(caller, people)) return [false, `manage the ${people} role`];
        return [true, why];
      },
      prepare: async (caller) => {
        const id = await aimAt(caller, target);
        if (id === null) return null;
        return { id, body: action === 'delete' ? undefined : rename(resource) };
      },
    }));
  }

  /** Hand-written write routes, each with the rule its area's policy states. */
  function handWrittenScenarios(endpoint: Endpoint): Scenario[] | undefined {
    const users = RESOURCES.users!;
    const usersWrite = (caller: Caller): [boolean, string] =>
      caller.role === 'admin' && grantOf(caller, 'users').write
        ? [true, 'write on users']
        : [false, 'no write on users'];
    const settingsWrite = (caller: Caller): [boolean, string] =>
      caller.role === 'admin' && grantOf(caller, 'settings').write
        ? [true, 'write on settings']
        : [false, 'settings and jobs are for admins who may change the settings'];
    /** Account targets of the users list: the caller, a student, a full admin. */
    const accountOf = async (caller: Caller, target: Target) =>
      target === 'own'
        ? caller.userId
        : (await person(target === 'powerful' ? ['admin', 'teacher'] : ['student'])).userId;
    /** Changing an account: every membership here manageable, and no other school's. */
    const mayChangeAccount = async (caller: Caller, userId: number, identity: boolean) => {
      const memberships = await rolesHere(userId);
      if (identity && memberships.some((m) => !m.here)) return false;
      return memberships.filter((m) => m.here).every((m) => mayManageRole(caller, m.role));
    };
    const accountScenarios = (action: 'update' | 'delete' | 'invite'): Scenario[] =>
      (['own', 'other', 'powerful'] as const).map((target) => {
        // The verdict needs the account, so prepare() records it for expect().
        let verdict: [boolean, string] = [false, 'not prepared'];
        return {
          target,
          expect: () => verdict,
          prepare: async (caller) => {
            const id = await accountOf(caller, target);
            const [may, why] = usersWrite(caller);
            if (!may || action === 'invite') verdict = [may, why];
            else if (action === 'delete' && id === caller.userId)
              verdict = [false, 'nobody removes themselves'];
            else
              verdict = (await mayChangeAccount(caller, id, action === 'update'))
                ? [true, 'may manage every membership of the account']
                : [false, 'the account holds more than the caller may manage'];
            return { id, body: action === 'update' ? rename(undefined) : undefined };
          },
        };
      });
    const table: Record<string, Scenario[]> = {
      'POST /schools/:school_id/:role/users': [
        {
          target: 'new',
          expect: (caller) =>
            usersWrite(caller)[0] ? [true, 'manage the student role'] : usersWrite(caller),
          prepare: async () => ({
            body: { ...(await createBody(db(), users, ATHENS, next())), roles: ['student'] },
          }),
        },
        {
          target: 'powerful',
          expect: (caller) =>
            usersWrite(caller)[0]
              ? [caller.fullAccess, 'the admin role needs full access']
              : usersWrite(caller),
          prepare: async () => ({
            body: {
              ...(await createBody(db(), users, ATHENS, next())),
              roles: ['admin'],
              full_access: true,
            },
          }),
        },
      ],
      'PUT /schools/:school_id/:role/users/:id': accountScenarios('update'),
      'POST /schools/:school_id/:role/users/:id': accountScenarios('update'),
      'DELETE /schools/:school_id/:role/users/:id': accountScenarios('delete'),
      'POST /schools/:school_id/:role/users/:id/invite': accountScenarios('invite'),
      'DELETE /schools/:school_id/:role/invitations/:id': [
        { target: 'other', expect: usersWrite, prepare: async () => ({ id: await invitation() }) },
      ],
      // GDPR erasure (areas/privacy/policy.ts): write on users, an account this school alone
      // holds whose every membership here the caller may manage, and never oneself.
      'POST /schools/:school_id/:role/people/:user_id/erase': (
        ['own', 'other', 'powerful'] as const
      ).map((target) => {
        let verdict: [boolean, string] = [false, 'not prepared'];
        return {
          target,
          expect: () => verdict,
          prepare: async (caller: Caller) => {
            const id = await accountOf(caller, target);
            const [may, why] = usersWrite(caller);
            if (!may) verdict = [may, why];
            else if (id === caller.userId) verdict = [false, 'nobody erases themselves'];
            else
              verdict = (await mayChangeAccount(caller, id, true))
                ? [true, 'may manage every membership of an account of this school alone']
                : [false, 'the account holds more than the caller may manage'];
            return { params: { user_id: id }, body: { confirmation: 'ERASE' } };
          },
        };
      }),
      'POST /schools/:school_id/:role/jobs/:id/retry': [
        {
          target: 'other',
          expect: settingsWrite,
          prepare: async () => ({ id: await failedJob() }),
        },
      ],
      'POST /schools/:school_id/:role/reports/:report_id/exports': [
        {
          target: 'new',
          expect: (caller) =>
            caller.role === 'admin' &&
            grantOf(caller, 'reporting').read &&
            grantOf(caller, 'lessons').read
              ? [true, "read on reporting and on the report's resource (lessons)"]
              : [false, "reports are for admins who read reporting and the report's data"],
          prepare: async () => ({
            params: { report_id: 'grades-distribution' },
            body: { format: 'csv' },
          }),
        },
      ],
      'POST /schools/:school_id/:role/report-cards': [
        {
          target: 'new',
          expect: (caller) =>
            caller.role === 'admin' &&
            (['reporting', 'students', 'lessons', 'absences'] as const).every(
              (r) => grantOf(caller, r).read,
            )
              ? [true, 'read on reporting and on what a card shows (students, lessons, absences)']
              : [false, 'report cards are for admins who read reporting and what a card shows'],
          prepare: async () => {
            const [subPeriod, level] = await Promise.all([
              db()
                .selectFrom('sub_periods')
                .select('id')
                .where('school_id', '=', ATHENS)
                .orderBy('id')
                .executeTakeFirstOrThrow(),
              db()
                .selectFrom('levels')
                .select('id')
                .where('school_id', '=', ATHENS)
                .orderBy('id')
                .executeTakeFirstOrThrow(),
            ]);
            return { body: { sub_period_id: subPeriod.id, level_id: level.id } };
          },
        },
      ],
      'PUT /schools/:school_id/:role/settings': [
        {
          target: 'new',
          expect: settingsWrite,
          prepare: async () => ({ body: { name: 'Demo School Athens' } }),
        },
      ],
      'POST /schools/:school_id/:role/settings/logo': [
        {
          target: 'new',
          expect: settingsWrite,
          prepare: async () => ({
            form: { file: new Blob([PNG], { type: 'image/png' }), name: 'logo.png' },
          }),
        },
      ],
      'POST /schools/:school_id/:role/notifications/seen': [
        {
          target: 'own',
          expect: () => [true, 'every member marks their own notifications'],
          prepare: async () => ({ body: {} }),
        },
      ],
      'POST /schools/:school_id/:role/notifications/:notification_id/seen': (
        ['own', 'other'] as const
      ).map((target) => ({
        target,
        expect: (): [boolean, string] =>
          target === 'own'
            ? [true, 'every member marks their own notification seen']
            : [false, "another person's notification is not found"],
        prepare: async (caller: Caller) => {
          // Another person's: the same school and role, addressed to someone else.
          const someoneElse = await db()
            .selectFrom('users')
            .select('id')
            .where('id', '!=', caller.userId)
            .orderBy('id')
            .executeTakeFirstOrThrow();
          const { id } = await db()
            .insertInto('notifications')
            .values({
              school_id: ATHENS,
              user_id: target === 'own' ? caller.userId : someoneElse.id,
              role: caller.role,
              title: 'Matrix notice',
              body: null,
              entity: null,
              entity_id: null,
              created_at: new Date().toISOString(),
              seen_at: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return { params: { notification_id: id }, body: {} };
        },
      })),
    };
    const key = `${endpoint.method} ${endpoint.path}`;
    return (
      table[key] ??
      teachingScenarios()[key] ??
      assessmentScenarios()[key] ??
      sessionScenarios()[key] ??
      invoiceScenarios()[key] ??
      financeScenarios()[key] ??
      chatScenarios()[key]
    );
  }

  /**
   * Finance (docs/finance.md): charges, discounts, payments, expenses and transfers change what
   * a family owes or a fund holds, so only the office with write on transactions records them.
   */
  function financeScenarios(): Record<string, Scenario[]> {
    const base = `/schools/:school_id/:role`;
    const moneyWrite = (caller: Caller): [boolean, string] =>
      caller.role === 'admin' && grantOf(caller, 'transactions').write
        ? [true, 'the office with write on transactions']
        : [false, 'only the office with write on transactions records money'];
    const first = async (table: 'funds' | 'suppliers', where?: [string, string]) => {
      let query = db().selectFrom(table).select('id').where('school_id', '=', ATHENS);
      if (where) query = query.where(where[0] as 'id', '=', where[1] as never);
      return (await query.orderBy('id').executeTakeFirstOrThrow()).id;
    };
    const categoryOf = async (type: string) =>
      (
        await db()
          .selectFrom('categories')
          .select('id')
          .where('school_id', '=', ATHENS)
          .where('type', '=', type)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
    const client = async () =>
      (
        await db()
          .selectFrom('memberships')
          .select('id')
          .where('school_id', '=', ATHENS)
          .where('role', '=', 'client')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).id;
    const newCharge = async () => {
      const now = new Date().toISOString();
      const { id } = await db()
        .insertInto('charges')
        .values({
          school_id: ATHENS,
          client_id: await client(),
          student_id: null,
          pricing_item_id: null,
          description: `Matrix ${next()}`,
          amount_cents: 1000,
          discount_kind: null,
          discount_value: 0,
          discount_cents: 0,
          discount_reason: null,
          vat_category: 'vat_7',
          vat_exemption: 7,
          status: 'active',
          created_by_user_id: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('installments')
        .values({
          school_id: ATHENS,
          charge_id: id,
          client_id: await client(),
          seq: 1,
          due_date: '2026-01-05',
          amount_cents: 1000,
          paid_cents: 0,
        })
        .execute();
      return id;
    };
    const cell = (prepare: Scenario['prepare']): Scenario[] => [
      { target: 'new', expect: moneyWrite, prepare },
    ];
    return {
      [`POST ${base}/transactions`]: cell(async () => ({
        body: {
          kind: 'expense',
          fund_id: await first('funds', ['kind', 'cash']),
          date: '2026-01-12',
          amount_cents: 100,
          category_id: await categoryOf('expense'),
          supplier_id: await first('suppliers'),
          description: `Matrix ${next()}`,
        },
      })),
      [`POST ${base}/transactions/transfers`]: cell(async () => ({
        body: {
          from_fund_id: await first('funds', ['kind', 'cash']),
          to_fund_id: await first('funds', ['kind', 'bank']),
          date: '2026-01-12',
          amount_cents: 100,
        },
      })),
      [`POST ${base}/clients/:client_id/charges`]: cell(async () => ({
        params: { client_id: await client() },
        body: { description: `Matrix ${next()}`, amount_cents: 500, start_date: '2026-01-05' },
      })),
      [`POST ${base}/clients/:client_id/payments`]: cell(async () => ({
        params: { client_id: await client() },
        body: {
          amount_cents: 100,
          method: 'cash',
          fund_id: await first('funds', ['kind', 'cash']),
          date: '2026-01-12',
        },
      })),
      [`PUT ${base}/charges/:charge_id`]: cell(async () => ({
        params: { charge_id: await newCharge() },
        body: { discount: { kind: 'percent', value: 10, reason: 'Matrix' } },
      })),
      [`POST ${base}/charges/:charge_id/cancel`]: cell(async () => ({
        params: { charge_id: await newCharge() },
        body: {},
      })),
      [`POST ${base}/pricing_items/:pricing_item_id/charge-enrolled`]: cell(async () => {
        const { id } = await db()
          .insertInto('pricing_items')
          .values({
            school_id: ATHENS,
            name: `Matrix ${next()}`,
            amount_cents: 1000,
            schedule: 'once',
            start_date: '2026-01-05',
            end_date: null,
            installments: null,
            vat_category: 'vat_7',
            vat_exemption: 7,
            course_id: null,
            level_id: null,
            lesson_id: lessons.shared,
            active: 1,
            description: null,
            search_text: '',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { params: { pricing_item_id: id }, body: {} };
      }),
    };
  }

  /**
   * The gradebook and attendance (docs/assessment-grades.md, docs/assessment-attendance.md): a
   * lesson's gradebook is written by its teachers and the office with write on lessons, in an
   * open sub-period; closing or reopening one needs write on periods; a register is saved by
   * the lesson's teachers and the office with write on absences, which alone justifies.
   */
  /** Receipts and invoices (areas/invoices/policy.ts): the office with write on transactions. */
  function invoiceScenarios(): Record<string, Scenario[]> {
    const base = `/schools/:school_id/:role`;
    const office = (caller: Caller): [boolean, string] =>
      caller.role === 'admin' && grantOf(caller, 'transactions').write
        ? [true, 'the office with write on transactions']
        : [false, 'issuing documents needs write on transactions'];
    const payer = () =>
      db()
        .selectFrom('memberships')
        .select('id')
        .where('school_id', '=', ATHENS)
        .where('role', '=', 'client')
        .orderBy('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
    const today = new Date().toISOString().slice(0, 10);
    /** A receipt registered with myDATA (as the outbox leaves it), to cancel. */
    const sentReceipt = async () => {
      const { config } = server.built.deps;
      // Read before the transaction: on SQLite a read beside it would wait for it forever.
      const payerId = await payer();
      const stored = await db()
        .transaction()
        .execute((trx) =>
          issueDocument(
            trx,
            { config, now: () => new Date() },
            {
              schoolId: ATHENS,
              kind: 'receipt',
              payerMembershipId: payerId,
              issueDate: today,
              lines: [
                {
                  description: 'Δίδακτρα',
                  netCents: 5_000,
                  vatCategory: 7,
                  vatCents: 0,
                  vatExemptionCategory: 7,
                },
              ],
            },
          ),
        );
      await db()
        .updateTable('invoice_documents')
        .set({
          mydata_status: 'sent',
          mydata_mark: `4000${stored.id}`,
          mydata_sent_at: new Date().toISOString(),
        })
        .where('id', '=', stored.id)
        .execute();
      return stored.id;
    };
    return {
      [`POST ${base}/invoices`]: [
        {
          target: 'new',
          expect: office,
          prepare: async () => ({ body: tuitionReceipt(await payer(), today) }),
        },
      ],
      [`PUT ${base}/invoicing/profile`]: [
        { target: 'own', expect: office, prepare: async () => ({ body: SCHOOL_PROFILE }) },
      ],
      [`POST ${base}/invoices/:id/send`]: [
        {
          target: 'other',
          // The matrix's server has no myDATA: the office is refused too (409), for that reason.
          expect: (caller) =>
            office(caller)[0] ? [false, 'myDATA is not configured on this server'] : office(caller),
          prepare: async () => ({
            id: await sentReceipt().then(async (id) => {
              await db()
                .updateTable('invoice_documents')
                .set({ mydata_status: 'not_sent', mydata_mark: null })
                .where('id', '=', id)
                .execute();
              return id;
            }),
          }),
        },
      ],
      [`POST ${base}/invoices/:id/cancel`]: [
        {
          target: 'other',
          expect: office,
          prepare: async () => ({ id: await sentReceipt(), body: { issue_date: today } }),
        },
      ],
    };
  }

  function assessmentScenarios(): Record<string, Scenario[]> {
    const base = `/schools/:school_id/:role`;
    const byLesson = ['own', 'other'] as const;
    const gradebookWrite = (caller: Caller, target: Target): [boolean, string] => {
      if (caller.role === 'admin')
        return grantOf(caller, 'lessons').write
          ? [true, 'the office with write on lessons']
          : [false, 'no write on lessons'];
      if (caller.role !== 'teacher') return [false, 'only teachers and the office grade'];
      return target === 'other'
        ? [false, 'not a lesson they teach']
        : [true, 'a lesson they teach'];
    };
    const absencesWrite = (caller: Caller, target: Target): [boolean, string] => {
      if (caller.role === 'admin')
        return grantOf(caller, 'absences').write
          ? [true, 'the office with write on absences']
          : [false, 'no write on absences'];
      if (caller.role !== 'teacher') return [false, 'only teachers and the office take attendance'];
      return target === 'other'
        ? [false, 'not a lesson they teach']
        : [true, 'a lesson they teach'];
    };
    const now = () => new Date().toISOString();
    const category = (target: Target) =>
      db()
        .insertInto('grade_categories')
        .values({
          school_id: ATHENS,
          lesson_id: lessonOf(target),
          sub_period_id: laterSubPeriod,
          name: `Matrix ${next()}`,
          weight: 10,
          source_kind: null,
          sort_order: 0,
          created_at: now(),
          updated_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
    const item = (target: Target) =>
      db()
        .insertInto('grade_items')
        .values({
          school_id: ATHENS,
          lesson_id: lessonOf(target),
          sub_period_id: laterSubPeriod,
          category_id: null,
          kind: 'oral',
          source_kind: null,
          source_id: null,
          title: `Matrix ${next()}`,
          max_points: 20,
          date: null,
          created_at: now(),
          updated_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
    const lessonParams = (target: Target) => ({ lesson_id: lessonOf(target) });
    const aimed = (what: 'item' | 'category', caller: Caller, target: Target, fresh = false) =>
      teachingRecord(`grade-${what}:${caller.name}:${target}`, fresh, () =>
        what === 'item' ? item(target) : category(target),
      );
    return {
      [`PUT ${base}/grades/:lesson_id/items/:item_id/students/:student_id`]: byLesson.map(
        (target) => ({
          target,
          expect: (caller) => gradebookWrite(caller, target),
          prepare: async (caller) => ({
            params: {
              ...lessonParams(target),
              item_id: await aimed('item', caller, target),
              student_id: target === 'own' ? lessons.student : foreignStudent,
            },
            body: { value: 12.5, comment: 'Matrix' },
          }),
        }),
      ),
      // A pasted block of values, all saved or none.
      [`PUT ${base}/grades/:lesson_id/entries`]: byLesson.map((target) => ({
        target,
        expect: (caller) => gradebookWrite(caller, target),
        prepare: async (caller) => ({
          params: lessonParams(target),
          body: {
            entries: [
              {
                item_id: await aimed('item', caller, target),
                student_id: target === 'own' ? lessons.student : foreignStudent,
                value: 11,
              },
            ],
          },
        }),
      })),
      // The teacher's remark on a student's sub-period.
      [`PUT ${base}/grades/:lesson_id/students/:student_id/remarks/:sub_period_id`]: byLesson.map(
        (target) => ({
          target,
          expect: (caller) => gradebookWrite(caller, target),
          prepare: async () => ({
            params: {
              ...lessonParams(target),
              student_id: target === 'own' ? lessons.student : foreignStudent,
              sub_period_id: laterSubPeriod,
            },
            body: { comment: 'Matrix remark' },
          }),
        }),
      ),
      [`POST ${base}/grades/:lesson_id/items`]: byLesson.map((target) => ({
        target,
        expect: (caller) => gradebookWrite(caller, target),
        prepare: async () => ({
          params: lessonParams(target),
          body: { sub_period_id: laterSubPeriod, kind: 'test', title: `Matrix ${next()}` },
        }),
      })),
      [`PUT ${base}/grades/:lesson_id/items/:item_id`]: byLesson.map((target) => ({
        target,
        expect: (caller) => gradebookWrite(caller, target),
        prepare: async (caller) => ({
          params: { ...lessonParams(target), item_id: await aimed('item', caller, target) },
          body: { title: `Changed ${next()}` },
        }),
      })),
      [`DELETE ${base}/grades/:lesson_id/items/:item_id`]: byLesson.map((target) => ({
        target,
        expect: (caller) => gradebookWrite(caller, target),
        prepare: async (caller) => ({
          params: { ...lessonParams(target), item_id: await aimed('item', caller, target, true) },
        }),
      })),
      [`POST ${base}/grades/:lesson_id/categories`]: byLesson.map((target) => ({
        target,
        expect: (caller) => gradebookWrite(caller, target),
        prepare: async () => ({
          params: lessonParams(target),
          body: { sub_period_id: laterSubPeriod, name: `Matrix ${next()}`, weight: 5 },
        }),
      })),
      [`PUT ${base}/grades/:lesson_id/categories/:category_id`]: byLesson.map((target) => ({
        target,
        expect: (caller) => gradebookWrite(caller, target),
        prepare: async (caller) => ({
          params: {
            ...lessonParams(target),
            category_id: await aimed('category', caller, target),
          },
          body: { name: `Changed ${next()}` },
        }),
      })),
      [`DELETE ${base}/grades/:lesson_id/categories/:category_id`]: byLesson.map((target) => ({
        target,
        expect: (caller) => gradebookWrite(caller, target),
        prepare: async (caller) => ({
          params: {
            ...lessonParams(target),
            category_id: await aimed('category', caller, target, true),
          },
        }),
      })),
      // Reopening an open sub-period: the rule is exercised, the other cells' sub-period stays open.
      [`PUT ${base}/grade-periods/:sub_period_id`]: [
        {
          target: 'new',
          expect: (caller) =>
            caller.role === 'admin' && grantOf(caller, 'periods').write
              ? [true, 'the office with write on periods']
              : [false, 'only the office with write on periods closes or reopens'],
          prepare: async () => ({
            params: { sub_period_id: laterSubPeriod },
            body: { closed: false },
          }),
        },
      ],
      [`PUT ${base}/lessons/:lesson_id/attendance/:date`]: byLesson.map((target) => ({
        target,
        expect: (caller) => absencesWrite(caller, target),
        prepare: async () => ({
          // Yesterday: never a future day in the school's time zone.
          params: {
            ...lessonParams(target),
            date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
          },
          body: { entries: [] },
        }),
      })),
      [`PUT ${base}/absences/:user_id/records/:record_id`]: [
        {
          target: 'own',
          expect: (caller) =>
            caller.role === 'admin' && grantOf(caller, 'absences').write
              ? [true, 'the office with write on absences']
              : [false, 'only the office with write on absences justifies'],
          prepare: async () => {
            const { id } = await db()
              .insertInto('attendance_records')
              .values({
                school_id: ATHENS,
                lesson_id: lessons.shared,
                student_id: lessons.student,
                // A day of its own per cell (one record per student, lesson and day).
                date: new Date(Date.UTC(2001, 0, 1) + ++absenceDays * 86_400_000)
                  .toISOString()
                  .slice(0, 10),
                status: 'absent',
                justified: 0,
                justification_note: null,
                justified_by_user_id: null,
                recorded_by_user_id: null,
                created_at: now(),
                updated_at: now(),
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            return {
              params: { user_id: lessons.student, record_id: id },
              body: { justified: true, note: 'Matrix' },
            };
          },
        },
      ],
    };
  }

  /**
   * Live sessions (areas/sessions/policy.ts, docs/live-sessions.md): a lesson's session is
   * planned, hosted, recorded and turned into the register by its teachers; its students and
   * the school's admins join (parents only where the school allows, which the demo does not);
   * the office also ends one. A staff meeting is called by teachers or the office.
   */
  function sessionScenarios(): Record<string, Scenario[]> {
    const base = `/schools/:school_id/:role`;
    const byLesson = ['own', 'other'] as const;
    const live = async (target: Target) => {
      const now = new Date().toISOString();
      const room = `matrix-${next()}`;
      const { id } = await db()
        .insertInto('live_sessions')
        .values({
          school_id: ATHENS,
          lesson_id: lessonOf(target),
          title: 'Matrix session',
          room_name: room,
          scheduled_start: now,
          scheduled_end: new Date(Date.now() + 3_600_000).toISOString(),
          started_at: now,
          ended_at: null,
          host_user_id: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, room };
    };
    const hosts = (caller: Caller, target: Target): [boolean, string] =>
      caller.role === 'teacher' && target === 'own'
        ? [true, "the lesson's teacher hosts"]
        : [false, "only the lesson's teacher"];
    const enters = (caller: Caller, target: Target): [boolean, string] => {
      if (caller.role === 'admin') return [true, "the school's admins join"];
      if (caller.role === 'client') return [false, 'parents join only where the school allows'];
      return target === 'own'
        ? [true, "the lesson's teacher or student"]
        : [false, 'not their lesson'];
    };
    const sessionParams = async (target: Target) => ({
      params: { session_id: (await live(target)).id },
    });
    return {
      [`POST ${base}/meetings`]: [
        ...byLesson.map((target) => ({
          target,
          expect: (caller: Caller) => hosts(caller, target),
          prepare: async () => ({ body: { lesson_id: lessonOf(target), when: 'now' } }),
        })),
        {
          target: 'new',
          what: 'staff meeting',
          expect: (caller) =>
            caller.role === 'teacher' || caller.role === 'admin'
              ? [true, 'teachers and the office call staff meetings']
              : [false, 'staff meetings are for staff'],
          prepare: async () => ({ body: { when: 'now' } }),
        },
      ],
      [`POST ${base}/meetings/:meeting_id/end`]: byLesson.map((target) => ({
        target,
        expect: (caller) =>
          caller.role === 'admin' ? [true, 'the office ends sessions'] : hosts(caller, target),
        prepare: async () => ({ params: { meeting_id: (await live(target)).id } }),
      })),
      [`PUT ${base}/meetings/:meeting_id/attendance`]: byLesson.map((target) => ({
        target,
        expect: (caller) => hosts(caller, target),
        prepare: async () => ({
          params: { meeting_id: (await live(target)).id },
          body: { entries: [] },
        }),
      })),
      [`POST ${base}/session/:session_id/join`]: byLesson.map((target) => ({
        target,
        expect: (caller) => enters(caller, target),
        prepare: () => sessionParams(target),
      })),
      [`POST ${base}/session/:session_id/presence`]: byLesson.map((target) => ({
        target,
        expect: (caller) => enters(caller, target),
        prepare: async () => ({ ...(await sessionParams(target)), body: { event: 'joined' } }),
      })),
      [`POST ${base}/sessions/record`]: byLesson.map((target) => ({
        target,
        expect: (caller) => hosts(caller, target),
        prepare: async () => ({ query: `?room=${(await live(target)).room}` }),
      })),
      [`POST ${base}/session/:session_id/recording`]: byLesson.map((target) => ({
        target,
        expect: (caller) => hosts(caller, target),
        prepare: async () => ({ ...(await sessionParams(target)), body: { state: 'on' } }),
      })),
    };
  }

  /** Records the teaching cells aim at, per purpose, caller and target. */
  const teachingFixtures = new Map<string, number>();
  /** The cached record, or a fresh one for a delete (which uses its record up). */
  async function teachingRecord(key: string, fresh: boolean, make: () => Promise<number>) {
    if (!fresh && teachingFixtures.has(key)) return teachingFixtures.get(key)!;
    const id = await make();
    if (!fresh) teachingFixtures.set(key, id);
    return id;
  }

  type Material = 'chapters' | 'tasks' | 'taskbooks' | 'quizzes';
  /** A published record's fields (published, so that students and parents can see it). */
  const materialBody = (kind: Material) => {
    const title = `Matrix ${next()}`;
    if (kind === 'chapters') return { title, content: lexical(title), published: true };
    if (kind === 'tasks')
      return {
        title,
        due_at: new Date(Date.now() + 365 * 86_400_000).toISOString(),
        points: 10,
        published: true,
      };
    if (kind === 'quizzes')
      return {
        title,
        opens_at: new Date(Date.now() - 3_600_000).toISOString(),
        closes_at: new Date(Date.now() + 365 * 86_400_000).toISOString(),
        published: true,
        questions: [QUIZ_QUESTION],
      };
    return { title, published: true };
  };
  const lessonOf = (target: Target) => (target === 'other' ? lessons.foreign : lessons.shared);

  /**
   * Published material of the target's lesson: for "own" written by the demo teacher, for
   * "powerful" by a full admin in that same lesson, for "other" by a full admin in a lesson the
   * demo teacher, student and parent are no part of.
   */
  async function material(kind: Material, target: Target): Promise<number> {
    const author = target === 'own' ? teacher : fullAdmin;
    const created = await api.post(
      `/schools/${ATHENS}/${author.role}/${kind}`,
      { lesson_id: lessonOf(target), ...materialBody(kind) },
      author.token,
    );
    if (created.status !== 200)
      throw new Error(`fixture ${kind}: ${JSON.stringify(created.body).slice(0, 200)}`);
    return (created.body.data as { id: number }).id;
  }

  /**
   * The teaching areas' write routes (docs/security.md, "Teaching material and students'
   * work"): a lesson's chapters, tasks, task books and their files are written, and its work
   * graded, by the lesson's teachers and by the office with write on `lessons` — whoever wrote
   * the record; a student writes only their own work and marks chapters read; a parent writes
   * nothing; every member replaces and revokes their own calendar link.
   */
  function teachingScenarios(): Record<string, Scenario[]> {
    const writesLesson = (caller: Caller, target: Target): [boolean, string] => {
      if (caller.role === 'admin')
        return grantOf(caller, 'lessons').write
          ? [true, 'the office with write on lessons']
          : [false, 'no write on lessons'];
      if (caller.role !== 'teacher') return [false, 'only teachers and the office write lessons'];
      return target === 'other'
        ? [false, 'not a lesson they teach']
        : [true, 'a lesson they teach, whoever wrote the record'];
    };
    const ownWork = (caller: Caller, target: Target): [boolean, string] =>
      caller.role !== 'student'
        ? [false, 'only students hand in work and mark chapters read']
        : target === 'own'
          ? [true, 'their own work, in a lesson they attend']
          : [false, 'not their own work, or not their lesson'];
    const byLesson = ['own', 'other'] as const;
    const byRecord = ['own', 'other', 'powerful'] as const;
    const base = `/schools/:school_id/:role`;
    const aimed = (kind: Material, caller: Caller, target: Target, fresh = false) =>
      teachingRecord(`${kind}:${caller.name}:${target}`, fresh, () => material(kind, target));

    const writeRoutes = (kind: Material): Record<string, Scenario[]> => ({
      [`POST ${base}/${kind}`]: byLesson.map((target) => ({
        target,
        expect: (caller) => writesLesson(caller, target),
        prepare: async () => ({ body: { lesson_id: lessonOf(target), ...materialBody(kind) } }),
      })),
      [`PUT ${base}/${kind}/:id`]: byRecord.map((target) => ({
        target,
        expect: (caller) => writesLesson(caller, target),
        prepare: async (caller) => ({
          id: await aimed(kind, caller, target),
          body: { title: `Changed ${next()}` },
        }),
      })),
      [`DELETE ${base}/${kind}/:id`]: byRecord.map((target) => ({
        target,
        expect: (caller) => writesLesson(caller, target),
        prepare: async (caller) => ({ id: await aimed(kind, caller, target, true) }),
      })),
    });

    /** A file on a chapter, task or (sent with the task's id) the caller's own submission. */
    const upload = (entity: FileEntity, target: Target): Scenario => ({
      target,
      what: `to a ${entity}`,
      expect: (caller) =>
        entity === 'submission' ? ownWork(caller, target) : writesLesson(caller, target),
      prepare: async (caller) => ({
        form: {
          file: new Blob([new Uint8Array(PNG_BYTES)], { type: 'image/png' }),
          name: 'matrix.png',
          fields: {
            type: entity,
            entity_id: String(
              await aimed(entity === 'chapter' ? 'chapters' : 'tasks', caller, target),
            ),
          },
        },
      }),
    });

    /**
     * Work on a task of the shared lesson: the demo student's ("own") or a classmate's. The task
     * is its own, so that no other cell has already made the demo student's work on it.
     */
    const workOn = async (caller: Caller, target: Target) => {
      const task = await teachingRecord(`work-task:${caller.name}`, false, () =>
        material('tasks', 'own'),
      );
      const studentId = target === 'own' ? lessons.student : lessons.classmate.id;
      return teachingRecord(`work:${caller.name}:${target}`, false, () =>
        insertSubmission(db(), { school: ATHENS, taskId: task, studentId, status: 'draft' }),
      );
    };

    /**
     * Quizzes (areas/quizzes/policy.ts): a student starts, answers and submits only their own
     * attempt in a lesson they attend ("other": a classmate's attempt, or another lesson's
     * quiz); grading is the lesson's teachers' and the office's with write on lessons.
     */
    function quizScenarios(): Record<string, Scenario[]> {
      const attemptOn = async (caller: Caller, target: Target, submitted: boolean, tag: string) => {
        const quiz = await teachingRecord(`${tag}-quiz:${caller.name}`, false, () =>
          material('quizzes', 'own'),
        );
        const studentId = target === 'own' ? lessons.student : lessons.classmate.id;
        const key = `${tag}:${caller.name}:${target}`;
        const made = await teachingRecord(key, false, async () => {
          const { attemptId } = await insertQuizAttempt(db(), {
            school: ATHENS,
            quizId: quiz,
            studentId,
            submitted,
          });
          return attemptId;
        });
        const question = await db()
          .selectFrom('quiz_questions')
          .select('id')
          .where('quiz_id', '=', quiz)
          .executeTakeFirstOrThrow();
        return { id: quiz, params: { attempt_id: made, question_id: question.id } };
      };
      return {
        [`POST ${base}/quizzes/:id/attempts`]: byLesson.map((target) => ({
          target,
          expect: (caller) => ownWork(caller, target),
          prepare: async (caller) => ({ id: await aimed('quizzes', caller, target) }),
        })),
        [`PUT ${base}/quizzes/:id/attempts/:attempt_id/answers/:question_id`]: byLesson.map(
          (target) => ({
            target,
            expect: (caller) => ownWork(caller, target),
            prepare: async (caller) => ({
              ...(await attemptOn(caller, target, false, 'answer')),
              body: { answer: { kind: 'true_false', value: true } },
            }),
          }),
        ),
        [`POST ${base}/quizzes/:id/attempts/:attempt_id/submit`]: byLesson.map((target) => ({
          target,
          expect: (caller) => ownWork(caller, target),
          prepare: async (caller) => attemptOn(caller, target, false, 'submit'),
        })),
        // Grading: a submitted attempt of the demo student ("own" lesson) or of a student of a
        // lesson the demo teacher does not teach.
        [`PUT ${base}/quizzes/:id/attempts/:attempt_id/scores/:question_id`]: byLesson.map(
          (target) => ({
            target,
            expect: (caller) => writesLesson(caller, target),
            prepare: async (caller) => {
              const key = `scored:${caller.name}:${target}`;
              const quiz = await teachingRecord(key, false, () => material('quizzes', target));
              const made = await insertQuizAttempt(db(), {
                school: ATHENS,
                quizId: quiz,
                studentId: target === 'own' ? lessons.student : foreignStudent,
                submitted: true,
              });
              return {
                id: quiz,
                params: { attempt_id: made.attemptId, question_id: made.questionId },
                body: { points: 1 },
              };
            },
          }),
        ),
      };
    }

    const feeds = async () =>
      new Map(
        (
          await db()
            .selectFrom('calendar_feeds')
            .select(['membership_id', 'token_hash'])
            .where('school_id', '=', ATHENS)
            .execute()
        ).map((f) => [f.membership_id, f.token_hash]),
      );
    /** The caller's own link changes (made or gone), and nobody else's. */
    const ownFeed = (revoke: boolean): Scenario[] => {
      let before = new Map<number, string>();
      return [
        {
          target: 'own',
          expect: () => [true, 'every member keeps their own calendar link'],
          prepare: async () => {
            before = await feeds();
            return {};
          },
          verify: async (caller) => {
            const after = await feeds();
            const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
              (m) => before.get(m) !== after.get(m),
            );
            if (changed.some((m) => m !== caller.membershipId))
              return `changed the calendar link of membership(s) ${changed.join(', ')}`;
            if (after.has(caller.membershipId) === revoke)
              return revoke ? 'left its calendar link working' : 'made no calendar link';
            return null;
          },
        },
      ];
    };

    /**
     * SCORM packages (areas/scorm/policy.ts): uploaded, renamed and deleted by whoever writes
     * the lesson's material; played (launch, commit) by the lesson's students, their own
     * attempt only; previewed by its teachers and the office that reads lessons; never by parents.
     */
    function scormScenarios(): Record<string, Scenario[]> {
      const packageIn = async (target: Target) => {
        const at = new Date().toISOString();
        const row = await db()
          .insertInto('scorm_packages')
          .values({
            school_id: ATHENS,
            lesson_id: lessonOf(target),
            title: `Matrix ${next()}`,
            version: '1.2',
            launch_path: 'index.html',
            storage_key: '0'.repeat(32),
            file_count: 1,
            unpacked_bytes: 1,
            grade_item_id: null,
            uploaded_by_user_id: null,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      };
      const plays = (caller: Caller, target: Target): [boolean, string] => {
        // The office reads every lesson of the school.
        if (caller.role === 'admin')
          return grantOf(caller, 'lessons').read
            ? [true, "the office previews any lesson's package"]
            : [false, 'no read on lessons'];
        if (target === 'other') return [false, 'not a lesson of theirs'];
        if (caller.role === 'student') return [true, 'a student of the lesson plays it'];
        if (caller.role === 'teacher') return [true, 'a teacher of the lesson previews it'];
        return [false, 'parents do not play packages'];
      };
      return {
        [`POST ${base}/scorm`]: byLesson.map((target) => ({
          target,
          expect: (caller) => writesLesson(caller, target),
          prepare: async () => ({
            form: {
              file: new Blob([new Uint8Array(await scormPackage('1.2'))], {
                type: 'application/zip',
              }),
              name: 'matrix.zip',
              fields: { lesson_id: String(lessonOf(target)) },
            },
          }),
        })),
        [`PUT ${base}/scorm/:id`]: byLesson.map((target) => ({
          target,
          expect: (caller) => writesLesson(caller, target),
          prepare: async (caller) => ({
            id: await teachingRecord(`scorm:${caller.name}:${target}`, false, () =>
              packageIn(target),
            ),
            body: { title: `Changed ${next()}` },
          }),
        })),
        [`DELETE ${base}/scorm/:id`]: byLesson.map((target) => ({
          target,
          expect: (caller) => writesLesson(caller, target),
          prepare: async () => ({ id: await packageIn(target) }),
        })),
        [`POST ${base}/scorm/:id/launch`]: byLesson.map((target) => ({
          target,
          expect: (caller) => plays(caller, target),
          prepare: async (caller) => ({
            id: await teachingRecord(`scorm-play:${caller.name}:${target}`, false, () =>
              packageIn(target),
            ),
            body: {},
          }),
        })),
        // "own": the demo student's attempt in their lesson; "other": a foreign lesson's student's.
        [`POST ${base}/scorm/:id/scorm-attempts/:attempt_id/commit`]: byLesson.map((target) => ({
          target,
          expect: (caller) =>
            caller.role === 'student' && target === 'own'
              ? [true, "the learner's own attempt"]
              : [false, 'only the learner commits their own attempt'],
          prepare: async () => {
            const id = await packageIn(target);
            const at = new Date().toISOString();
            const attempt = await db()
              .insertInto('scorm_attempts')
              .values({
                school_id: ATHENS,
                package_id: id,
                student_id: target === 'own' ? lessons.student : foreignStudent,
                number: 1,
                cmi_json: '{}',
                status: 'incomplete',
                started_at: at,
                updated_at: at,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            return {
              id,
              params: { attempt_id: attempt.id },
              body: { cmi: { core: { lesson_status: 'incomplete' } } },
            };
          },
        })),
      };
    }

    return {
      ...writeRoutes('chapters'),
      ...writeRoutes('tasks'),
      ...writeRoutes('taskbooks'),
      ...writeRoutes('quizzes'),
      ...quizScenarios(),
      ...scormScenarios(),
      [`POST ${base}/chapters/:id/read`]: byLesson.map((target) => ({
        target,
        expect: (caller) => ownWork(caller, target),
        prepare: async (caller) => ({ id: await aimed('chapters', caller, target) }),
      })),
      [`PUT ${base}/tasks/:id/submission`]: byLesson.map((target) => ({
        target,
        expect: (caller) => ownWork(caller, target),
        prepare: async (caller) => ({
          id: await aimed('tasks', caller, target),
          body: { text: `Work ${next()}`, submit: true },
        }),
      })),
      // Grading: handed-in work of the demo student ("own" lesson) or of a student of a
      // lesson the demo teacher does not teach.
      [`PUT ${base}/tasks/:id/submissions/:submission_id`]: byLesson.map((target) => ({
        target,
        expect: (caller) => writesLesson(caller, target),
        prepare: async (caller) => {
          const key = `graded:${caller.name}:${target}`;
          const task = await teachingRecord(key, false, () => material('tasks', target));
          const submission = await teachingRecord(`${key}:work`, false, () =>
            insertSubmission(db(), {
              school: ATHENS,
              taskId: task,
              studentId: target === 'own' ? lessons.student : foreignStudent,
            }),
          );
          return {
            id: task,
            params: { submission_id: submission },
            body: { points: 1, feedback: 'Matrix' },
          };
        },
      })),
      [`POST ${base}/files`]: [
        ...byRecord.map((target) => upload('chapter', target)),
        ...byLesson.map((target) => upload('task', target)),
        ...byLesson.map((target) => upload('submission', target)),
      ],
      [`DELETE ${base}/files/:id`]: [
        // A chapter's file: the demo teacher's in their lesson, a full admin's in it, another lesson's.
        ...byRecord.map((target): Scenario => ({
          target,
          what: "a chapter's file",
          expect: (caller) => writesLesson(caller, target),
          prepare: async (caller) => ({
            id: await insertFileRow(db(), {
              school: ATHENS,
              lessonId: lessonOf(target),
              entity: 'chapter',
              entityId: await aimed('chapters', caller, target),
              uploaderUserId: (target === 'own' ? teacher : fullAdmin).userId,
            }),
          }),
        })),
        // A submission's file: the demo student's own, or a classmate's in the same lesson.
        ...byLesson.map((target): Scenario => ({
          target,
          what: target === 'own' ? "the student's own work's file" : "a classmate's work's file",
          expect: (caller) => ownWork(caller, target),
          prepare: async (caller) => ({
            id: await insertFileRow(db(), {
              school: ATHENS,
              lessonId: lessons.shared,
              entity: 'submission',
              entityId: await workOn(caller, target),
              uploaderUserId: null,
            }),
          }),
        })),
      ],
      // A lesson's material saved as a new template: whoever writes that lesson's material.
      [`POST ${base}/lessons/:id/template`]: byLesson.map((target) => ({
        target,
        expect: (caller) => writesLesson(caller, target),
        prepare: async () => ({
          id: lessonOf(target),
          body: { name: `Matrix template ${next()}` },
        }),
      })),
      // A lesson from a template: a teacher of the school (who becomes its teacher) or the
      // office with write on lessons; "other" is another school's template (not found here).
      [`POST ${base}/lessons-templates/:id/lessons`]: (['own', 'other'] as const).map(
        (target): Scenario => ({
          target,
          expect: (caller) => {
            if (target === 'other') return [false, "another school's template"];
            if (caller.role === 'teacher') return [true, "any teacher of the school's templates"];
            if (caller.role === 'admin')
              return grantOf(caller, 'lessons').write
                ? [true, 'the office with write on lessons']
                : [false, 'no write on lessons'];
            return [false, 'templates are for teachers and the office'];
          },
          prepare: async () => ({
            id: await templateOf(target === 'own' ? ATHENS : THESSALONIKI),
            body: { name: `Matrix lesson ${next()}` },
          }),
        }),
      ),
      // A template's chapters and tasks one by one: the office with write on lessons, who own
      // the template records; "other" is another school's template's (not found here).
      [`PUT ${base}/template-chapters/:id`]: templateItem('chapter', {
        title: 'Matrix chapter',
      }),
      [`DELETE ${base}/template-chapters/:id`]: templateItem('chapter'),
      [`PUT ${base}/template-tasks/:id`]: templateItem('task', { points: 3 }),
      [`DELETE ${base}/template-tasks/:id`]: templateItem('task'),
      [`POST ${base}/calendar/feed`]: ownFeed(false),
      [`DELETE ${base}/calendar/feed`]: ownFeed(true),
    };
  }

  function templateItem(item: 'chapter' | 'task', body?: unknown): Scenario[] {
    return (['own', 'other'] as const).map((target) => ({
      target,
      expect: (caller) => {
        if (target === 'other') return [false, "another school's template"];
        if (caller.role === 'admin')
          return grantOf(caller, 'lessons').write
            ? [true, 'the office with write on lessons']
            : [false, 'no write on lessons'];
        return [false, "only the office changes a template's material"];
      },
      prepare: async () => {
        const school = target === 'own' ? ATHENS : THESSALONIKI;
        const templateId = await templateOf(school);
        const common = { school_id: school, template_id: templateId, title: 'x', sort_order: 1 };
        const row =
          item === 'chapter'
            ? await db()
                .insertInto('lesson_template_chapters')
                .values({ ...common, content: JSON.stringify(lexical('x')), content_text: 'x' })
                .returning('id')
                .executeTakeFirstOrThrow()
            : await db()
                .insertInto('lesson_template_tasks')
                .values({
                  ...common,
                  description: JSON.stringify(lexical('x')),
                  description_text: 'x',
                  points: 1,
                  accept_late: 0,
                  open_offset_days: 0,
                  due_offset_days: 1,
                })
                .returning('id')
                .executeTakeFirstOrThrow();
        return { id: row.id, body };
      },
    }));
  }

  /**
   * Chat (docs/chat.md): members write, read and delete their own messages in their rooms; the
   * office also deletes in group rooms it is no member of; only the office makes rooms; opening
   * a conversation follows shared/chat/policy.ts (here: with an admin, so staff only).
   */
  function chatScenarios(): Record<string, Scenario[]> {
    const base = `/schools/:school_id/:role/chat`;
    const groupRoom = async (members: number[]) => {
      const room = await db()
        .insertInto('chat_rooms')
        .values({
          school_id: ATHENS,
          name: `Matrix ${next()}`,
          kind: 'group',
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('chat_room_members')
        .values(
          [...new Set(members)].map((user_id) => ({
            school_id: ATHENS,
            room_id: room.id,
            user_id,
            last_read_message_id: 0,
          })),
        )
        .execute();
      return room.id;
    };
    const message = async (roomId: number, userId: number) =>
      (
        await db()
          .insertInto('chat_messages')
          .values({
            school_id: ATHENS,
            room_id: roomId,
            user_id: userId,
            body: 'matrix',
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const roomOf = (caller: Caller, target: Target) =>
      groupRoom(
        target === 'own'
          ? [caller.userId, teacher.userId]
          : [fullAdmin.userId === caller.userId ? teacher.userId : fullAdmin.userId],
      );
    const memberOnly = (target: Target) => (): [boolean, string] =>
      target === 'own' ? [true, 'a member of the room'] : [false, 'not a member of the room'];
    return {
      [`POST ${base}/rooms/:id/messages`]: (['own', 'other'] as const).map((target) => ({
        target,
        expect: memberOnly(target),
        prepare: async (caller) => ({ id: await roomOf(caller, target), body: { body: 'Γεια' } }),
      })),
      [`POST ${base}/rooms/:id/read`]: (['own', 'other'] as const).map((target) => ({
        target,
        expect: memberOnly(target),
        prepare: async (caller) => ({ id: await roomOf(caller, target), body: { message_id: 1 } }),
      })),
      [`DELETE ${base}/rooms/:id/messages/:message_id`]: [
        {
          target: 'own',
          expect: () => [true, "one deletes one's own message"],
          prepare: async (caller) => {
            const id = await roomOf(caller, 'own');
            return { id, params: { message_id: await message(id, caller.userId) } };
          },
        },
        {
          target: 'other',
          what: "another member's message in a group room",
          expect: (caller) =>
            caller.role === 'admin'
              ? [true, 'the office moderates group rooms']
              : [false, 'only the office moderates a group room'],
          prepare: async (caller) => {
            const other = caller.userId === teacher.userId ? fullAdmin.userId : teacher.userId;
            const id = await groupRoom([caller.userId, other]);
            return { id, params: { message_id: await message(id, other) } };
          },
        },
      ],
      [`POST ${base}/direct`]: [
        {
          target: 'other',
          what: 'with an admin',
          expect: (caller) =>
            caller.userId === fullAdmin.userId
              ? [false, 'not with oneself']
              : caller.role === 'admin' || caller.role === 'teacher'
                ? [true, 'staff with staff']
                : [false, 'families and students do not write to the office directly'],
          prepare: async () => ({ body: { user_id: fullAdmin.userId, role: 'admin' } }),
        },
      ],
      // A group's members: the office alone changes them (shared/chat/policy.ts), a member or not.
      ...Object.fromEntries(
        (['POST', 'DELETE'] as const).map((method) => [
          method === 'POST'
            ? `POST ${base}/rooms/:id/members`
            : `DELETE ${base}/rooms/:id/members/:user_id`,
          (['own', 'other'] as const).map((target): Scenario => ({
            target,
            expect: (caller) =>
              caller.role === 'admin'
                ? [true, "the office changes a group's members"]
                : [false, "only the office changes a group's members"],
            prepare: async (caller) => {
              // Two people besides the caller, so that a removal never leaves the room empty.
              const parent = callers.find((c) => c.role === 'client')!.userId;
              const [first, second] = [teacher.userId, fullAdmin.userId, parent].filter(
                (id) => id !== caller.userId,
              ) as [number, number];
              const id = await groupRoom(
                target === 'own' ? [caller.userId, first, second] : [first, second],
              );
              return method === 'POST'
                ? { id, body: { user_ids: [caller.userId, first] } }
                : { id, params: { user_id: first } };
            },
          })),
        ]),
      ),
      [`POST ${base}/rooms`]: [
        {
          target: 'new',
          expect: (caller) =>
            caller.role === 'admin'
              ? [true, 'the office makes rooms']
              : [false, 'only the office makes rooms'],
          prepare: async (caller) => ({
            body: { name: `Matrix ${next()}`, user_ids: [caller.userId] },
          }),
        },
      ],
    };
  }

  /** A lesson template of a school (the demo has Athens' own; another school gets one here). */
  async function templateOf(school: number): Promise<number> {
    const found = await db()
      .selectFrom('lesson_templates')
      .select('id')
      .where('school_id', '=', school)
      .orderBy('id')
      .executeTakeFirst();
    if (found) return found.id;
    const { id } = await db()
      .insertInto('lesson_templates')
      .values({
        school_id: school,
        name: `Matrix template ${next()}`,
        course_id: null,
        duration_minutes: 45,
        description: null,
        search_text: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async function invitation(): Promise<number> {
    const placeholder = await person([]);
    const now = new Date().toISOString();
    const { id } = await db()
      .insertInto('school_invitations')
      .values({
        school_id: ATHENS,
        placeholder_user_id: placeholder.userId,
        email: `${next()}@elsewhere.test`,
        role: 'student',
        token_hash: next(),
        invited_by_user_id: null,
        created_at: now,
        expires_at: '2999-01-01T00:00:00.000Z',
        accepted_at: null,
        revoked_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async function failedJob(): Promise<number> {
    const now = new Date().toISOString();
    const { id } = await db()
      .insertInto('jobs')
      .values({
        school_id: ATHENS,
        kind: PRUNE_JOBS_KIND,
        payload: '{}',
        status: 'failed',
        run_at: now,
        attempts: 5,
        max_attempts: 5,
        key: null,
        locked_by: null,
        locked_until: null,
        last_error: 'matrix',
        created_at: now,
        updated_at: now,
        finished_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  beforeAll(async () => {
    server = await startServer(kind, {
      env: { JOBS_ENABLED: 'false', JITSI_DOMAIN: 'meet.matrix.test' },
    });
    api = apiClient(server.url);
    // Limited groups beside the demo's Office: one that manages accounts only, one that holds
    // the right to the permission groups (which still needs full access), and one that reads
    // the lessons without changing them (the office that sees teaching material, not writes it).
    for (const [email, group, resource, write] of [
      ['accounts@matrix.test', 'Accounts only', 'users', true],
      ['groups@matrix.test', 'Permissions only', 'permissions', true],
      ['lessons@matrix.test', 'Lessons read only', 'lessons', false],
    ] as const) {
      const limited = await insertAccount(db(), email, [{ school: ATHENS, role: 'admin' }]);
      await insertPermissionGroup(
        db(),
        ATHENS,
        group,
        [{ resource, read: true, write }],
        [limited.userId],
      );
    }
    const logins: [string, string, Role][] = [
      ['full admin', 'admin@demo.school', 'admin'],
      ['Office secretary', 'secretary@demo.school', 'admin'],
      ['users-only admin', 'accounts@matrix.test', 'admin'],
      ['permissions-only admin', 'groups@matrix.test', 'admin'],
      ['lessons-reading admin', 'lessons@matrix.test', 'admin'],
      ['teacher', 'teacher@demo.school', 'teacher'],
      ['student', 'student@demo.school', 'student'],
      ['client', 'parent@demo.school', 'client'],
    ];
    callers = [];
    for (const [name, email, role] of logins) {
      const user = await db()
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const membership = await db()
        .selectFrom('memberships')
        .select(['id', 'full_access'])
        .where('school_id', '=', ATHENS)
        .where('user_id', '=', user.id)
        .where('role', '=', role)
        .executeTakeFirstOrThrow();
      callers.push({
        name,
        role,
        token: await api.login(email),
        userId: user.id,
        membershipId: membership.id,
        fullAccess: role === 'admin' && membership.full_access === 1,
        grants: await grantsOf(user.id, role, membership.full_access === 1),
      });
    }
    fullAdmin = callers[0]!;
    teacher = callers.find((c) => c.role === 'teacher')!;
    const taught = await db()
      .selectFrom('lesson_teachers as lt')
      .innerJoin('memberships as m', 'm.id', 'lt.teacher_id')
      .select('lt.lesson_id')
      .where('m.user_id', '=', teacher.userId)
      .orderBy('lt.lesson_id')
      .executeTakeFirstOrThrow();
    teacherLesson = taught.lesson_id;
    const otherTeacher = await db()
      .selectFrom('memberships')
      .select('user_id')
      .where('school_id', '=', ATHENS)
      .where('role', '=', 'teacher')
      .where('user_id', '!=', teacher.userId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    otherTeacherUser = otherTeacher.user_id;
    lessons = await teachingFixture(db());
    laterSubPeriod = (
      await db()
        .selectFrom('sub_periods as s')
        .innerJoin('periods as p', 'p.id', 's.period_id')
        .select('s.id')
        .where('s.school_id', '=', ATHENS)
        .where('p.is_current', '=', 1)
        .where('s.start_date', '>', new Date().toISOString().slice(0, 10))
        .orderBy('s.start_date', 'desc')
        .executeTakeFirstOrThrow()
    ).id;
    foreignStudent = (
      await db()
        .selectFrom('lesson_students')
        .select('student_id')
        .where('lesson_id', '=', lessons.foreign)
        .orderBy('student_id')
        .executeTakeFirstOrThrow()
    ).student_id;
  });
  afterAll(() => server?.close());

  /** The caller's rights: full access, the union of its groups (write implies read), or the role's defaults. */
  async function grantsOf(
    userId: number,
    role: Role,
    fullAccess: boolean,
  ): Promise<Map<string, Grant>> {
    const grants = new Map<string, Grant>();
    if (role !== 'admin') {
      for (const [resource, grant] of Object.entries(ROLE_DEFAULT_PERMISSIONS[role]))
        grants.set(resource, grant);
      return grants;
    }
    if (fullAccess) {
      for (const resource of Object.keys(ROLE_DEFAULT_PERMISSIONS.admin))
        grants.set(resource, { read: true, write: true });
      return grants;
    }
    const rules = await db()
      .selectFrom('permission_group_members as m')
      .innerJoin('permission_rules as r', 'r.group_id', 'm.group_id')
      .select(['r.resource', 'r.can_read', 'r.can_write'])
      .where('m.school_id', '=', ATHENS)
      .where('m.user_id', '=', userId)
      .execute();
    for (const rule of rules) {
      const current = grants.get(rule.resource) ?? { read: false, write: false };
      const write = current.write || rule.can_write === 1;
      grants.set(rule.resource, { read: current.read || rule.can_read === 1 || write, write });
    }
    return grants;
  }

  /** Sends one cell's request as the caller, into Athens in the caller's role. */
  async function send(endpoint: Endpoint, caller: Caller, request: Prepared) {
    let path = endpoint.path
      .replace(':school_id', String(ATHENS))
      .replace(':role', caller.role)
      .replace(':id', String(request.id ?? 0));
    for (const [name, value] of Object.entries(request.params ?? {}))
      path = path.replace(`:${name}`, String(value));
    path += request.query ?? '';
    if (!request.form)
      return api.call(endpoint.method, path, { token: caller.token, body: request.body });
    const form = new FormData();
    for (const [name, value] of Object.entries(request.form.fields ?? {})) form.append(name, value);
    form.append('file', request.form.file, request.form.name);
    const response = await fetch(`${server.url}/api${path}`, {
      method: endpoint.method,
      headers: { Token: caller.token },
      body: form,
    });
    return { status: response.status, body: await response.json() };
  }

  it('allows every write the policies allow and refuses every other', async () => {
    const started = performance.now();
    const writes = servedEndpoints(server.built.app).filter(
      (e) => e.method !== 'GET' && e.access === 'school-role',
    );
    const unruled: string[] = [];
    const cells: { endpoint: Endpoint; scenario: Scenario }[] = [];
    for (const endpoint of writes) {
      const [, segment, rest] = /^\/schools\/:school_id\/:role\/([^/]+)(.*)$/.exec(endpoint.path)!;
      const resource = RESOURCES[segment!];
      const action =
        rest === ''
          ? 'create'
          : rest === '/import'
            ? 'import'
            : endpoint.method === 'DELETE'
              ? 'delete'
              : 'update';
      // A hand-written rule first: a route below an engine resource's segment may be an
      // area's own (a lesson's register is the attendance area's, a template's /:id/lessons the
      // lessons area's). The engine's own routes are the resource's path, /:id and /import.
      const engineRoute = rest === '' || rest === '/:id' || rest === '/import';
      const scenarios =
        handWrittenScenarios(endpoint) ??
        (resource && !resource.custom && engineRoute
          ? engineScenarios(resource, action)
          : undefined);
      if (!scenarios) unruled.push(`${endpoint.method} ${endpoint.path}`);
      for (const scenario of scenarios ?? []) cells.push({ endpoint, scenario });
    }
    expect(unruled, 'write routes this matrix has no rule for').toEqual([]);
    // Deletes last, so that nothing a later cell aims at is gone.
    cells.sort(
      (a, b) => Number(a.endpoint.method === 'DELETE') - Number(b.endpoint.method === 'DELETE'),
    );

    const wrong: string[] = [];
    let sent = 0;
    let allowedCells = 0;
    for (const { endpoint, scenario } of cells) {
      for (const caller of callers) {
        const request = await scenario.prepare(caller);
        if (!request) continue;
        const [allowed, why] = scenario.expect(caller);
        const response = await send(endpoint, caller, request);
        sent++;
        if (allowed) allowedCells++;
        const ok = allowed
          ? response.status === 200 && response.body?.status === 'ok'
          : [403, 404, 409].includes(response.status) && response.body?.status === 'error';
        const cell = `${caller.name}: ${endpoint.method} ${endpoint.path} (${scenario.target}${
          scenario.what ? `, ${scenario.what}` : ''
        })`;
        if (!ok)
          wrong.push(
            `${cell} should be ${allowed ? 'allowed' : 'refused'} (${why}) but answered ` +
              `${response.status} ${JSON.stringify(response.body).slice(0, 140)}`,
          );
        const problem = ok && allowed ? await scenario.verify?.(caller) : null;
        if (problem) wrong.push(`${cell} answered as allowed (${why}) but ${problem}`);
      }
    }
    console.log(
      `authorization matrix on ${kind}: ${writes.length} write routes, ${sent} cells (${allowedCells} allowed) in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(wrong).toEqual([]);
  }, 300_000);
});

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
