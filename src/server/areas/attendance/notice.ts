import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import type { MailMessage } from '../../integrations/mail';
import { enqueueJob, registerJobHandler } from '../../jobs';
import { recordNotifications } from '../notifications/delivery';
import { channelsFor } from '../notifications/preferences';
import * as q from './queries';

// The family's same-day notice of absences: marking a student absent queues one job per
// student and day, due after the school's grace period; a correction back to present before
// then leaves nothing to tell (the job finds no absence, or was removed). At most one notice
// per student per day (absence_notices is unique on it), so the job is safe to run twice.

export const ABSENCE_NOTICE_JOB = 'attendance.absence-notice';

interface NoticePayload {
  studentId: number;
  date: string;
}

const noticeKey = (schoolId: number, studentId: number, date: string) =>
  `${schoolId}:absence:${studentId}:${date}`;

/** Queues the day's notice (one waiting job per student and day), in the caller's transaction. */
export function queueAbsenceNotice(
  trx: Kysely<Database>,
  schoolId: number,
  notice: NoticePayload,
  now: Date,
  graceMinutes: number,
): Promise<number> {
  return enqueueJob(
    trx,
    {
      kind: ABSENCE_NOTICE_JOB,
      payload: notice,
      schoolId,
      runAt: new Date(now.getTime() + graceMinutes * 60_000),
      key: noticeKey(schoolId, notice.studentId, notice.date),
    },
    now,
  );
}

/** Drops the day's waiting notice: the student is no longer absent from anything that day. */
export async function cancelAbsenceNotice(
  trx: Kysely<Database>,
  schoolId: number,
  studentId: number,
  date: string,
): Promise<void> {
  await trx
    .deleteFrom('jobs')
    .where('kind', '=', ABSENCE_NOTICE_JOB)
    .where('key', '=', noticeKey(schoolId, studentId, date))
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .execute();
}

type Language = 'en' | 'el';

const TEXTS: Record<
  Language,
  { subject: (name: string) => string; line: (name: string, date: string) => string; end: string }
> = {
  en: {
    subject: (name) => `${name} was absent today`,
    line: (name, date) => `${name} was marked absent on ${date} from:`,
    end: 'If the absence is justified, please tell the school office.',
  },
  el: {
    subject: (name) => `Απουσία: ${name}`,
    line: (name, date) => `Ο/Η ${name} σημειώθηκε απών/απούσα στις ${date} από:`,
    end: 'Αν η απουσία δικαιολογείται, ενημερώστε τη γραμματεία του σχολείου.',
  },
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The notice in the guardian's language: the student, the day, the lessons missed. */
export function absenceNoticeTexts(
  languageName: string,
  studentName: string,
  date: string,
  lessons: string[],
) {
  const t = TEXTS[languageName === 'el' ? 'el' : 'en'];
  return { title: t.subject(studentName), intro: t.line(studentName, date), lessons, end: t.end };
}

function noticeMail(
  to: string,
  greetingName: string,
  language: string,
  texts: ReturnType<typeof absenceNoticeTexts>,
): MailMessage {
  const greeting = language === 'el' ? `Γεια σας ${greetingName},` : `Hello ${greetingName},`;
  const list = texts.lessons.map((l) => `- ${l}`).join('\n');
  return {
    to,
    subject: texts.title,
    text: `${greeting}\n\n${texts.intro}\n${list}\n\n${texts.end}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(texts.intro)}</p><ul>${texts.lessons
      .map((l) => `<li>${escapeHtml(l)}</li>`)
      .join('')}</ul><p>${escapeHtml(texts.end)}</p>`,
  };
}

/** Sends the day's notice if the student is still absent from something that day. */
export async function sendAbsenceNotice(
  deps: ServerDeps,
  schoolId: number,
  { studentId, date }: NoticePayload,
): Promise<void> {
  const { db } = deps;
  const missed = await db
    .selectFrom('attendance_records as a')
    .innerJoin('lessons as l', (join) =>
      join.onRef('l.id', '=', 'a.lesson_id').onRef('l.school_id', '=', 'a.school_id'),
    )
    .select(['l.id', 'l.name'])
    .where('a.school_id', '=', schoolId)
    .where('a.student_id', '=', studentId)
    .where('a.date', '=', date)
    .where('a.status', '=', 'absent')
    .orderBy('l.name')
    .execute();
  // Corrected back to present (or late, excused) within the grace period: nothing to tell.
  if (missed.length === 0) return;
  const student = await q.studentRow(db, schoolId, studentId);
  if (!student) return;
  const guardians = await q.guardiansOf(db, schoolId, studentId);
  const studentName = `${student.first_name} ${student.last_name}`;
  const nowIso = deps.now().toISOString();
  const sent = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('absence_notices')
      .values({
        school_id: schoolId,
        student_id: studentId,
        date,
        lesson_ids: JSON.stringify(missed.map((m) => m.id)),
        sent_at: nowIso,
      })
      .onConflict((c) => c.columns(['school_id', 'student_id', 'date']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return null;
    const tells: (() => void)[] = [];
    for (const guardian of guardians) {
      const texts = absenceNoticeTexts(
        guardian.language,
        studentName,
        date,
        missed.map((m) => m.name),
      );
      // The letter below is this notice's own e-mail; the delivery adds in-app and push.
      tells.push(
        await recordNotifications(
          trx,
          deps.realtime,
          schoolId,
          [{ user_id: guardian.user_id, role: 'client' }],
          {
            title: texts.title,
            body: `${texts.intro} ${texts.lessons.join(', ')}`,
            entity: 'absence',
            entityId: studentId,
            nowIso,
          },
          { email: false },
        ),
      );
    }
    return tells;
  });
  if (!sent) return;
  for (const tell of sent) tell();
  const mailChoices = await channelsFor(
    db,
    guardians.map((g) => g.user_id),
    'absence',
  );
  for (const guardian of guardians) {
    const texts = absenceNoticeTexts(
      guardian.language,
      studentName,
      date,
      missed.map((m) => m.name),
    );
    if (guardian.email && mailChoices.get(guardian.user_id)!.email)
      await deps.mailer.send(
        noticeMail(guardian.email, guardian.first_name, guardian.language, texts),
      );
  }
}

registerJobHandler<NoticePayload>(ABSENCE_NOTICE_JOB, {
  maxAttempts: 3,
  async handle({ payload, job, deps }) {
    if (job.schoolId === null) return;
    await sendAbsenceNotice(deps, job.schoolId, payload);
  },
});
