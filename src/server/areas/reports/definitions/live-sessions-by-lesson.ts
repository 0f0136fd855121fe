import { addDays, zonedInstant } from '../../calendar/school-time';
import { defineReport } from '../definition';
import { msg } from '../msg';
import { datesOf, lessonsInScope } from '../scope';

// The live sessions of each lesson over a span: planned (begun or past), held (started),
// missed (their planned end passed and nobody started them), the hours held, the share of
// the lesson's students who joined each held session on average, and the recordings made.
// Staff meetings belong to no lesson and have no class to attend, so they are not counted;
// nor are sessions still to come.

const HOUR = 3_600_000;

export const liveSessionsByLesson = defineReport({
  id: 'live-sessions-by-lesson',
  title: msg('Live sessions by lesson'),
  description: msg(
    "Sessions held and missed in each lesson, the hours held, the students' attendance and the recordings.",
  ),
  resource: 'lessons',
  filters: [
    {
      key: 'period_id',
      kind: 'period',
      label: msg('Period'),
      required: true,
      defaultsTo: 'current',
    },
    { key: 'level_id', kind: 'level', label: msg('Level'), required: false },
    { key: 'lesson_id', kind: 'lesson', label: msg('Lesson'), required: false },
    { key: 'from', kind: 'date', label: msg('From'), required: false },
    { key: 'to', kind: 'date', label: msg('To'), required: false },
  ],
  columns: [
    { key: 'lesson', label: msg('Lesson'), type: 'text' },
    { key: 'planned', label: msg('Sessions planned'), type: 'number' },
    { key: 'held', label: msg('Held'), type: 'number' },
    { key: 'missed', label: msg('Missed'), type: 'number' },
    { key: 'hours', label: msg('Hours held'), type: 'number' },
    { key: 'attendance', label: msg('Students attending'), type: 'percent' },
    { key: 'recordings', label: msg('Recordings'), type: 'number' },
  ],
  totals: ['planned', 'held', 'missed', 'hours', 'attendance', 'recordings'],
  chart: { kind: 'bar', x: 'lesson', y: ['held', 'missed'], stacked: true },
  async rows({ db, schoolId, filters, now, timeZone }) {
    const lessons = await lessonsInScope(db, schoolId, {
      periodId: filters.period_id,
      levelId: filters.level_id,
      lessonId: filters.lesson_id,
    });
    const period = await datesOf(db, schoolId, 'periods', filters.period_id);
    const from = (filters.from as string | null) ?? period?.start_date ?? null;
    const to = (filters.to as string | null) ?? period?.end_date ?? null;
    const nowIso = now.toISOString();
    let query = db
      .selectFrom('live_sessions')
      .select(['id', 'lesson_id', 'scheduled_start', 'scheduled_end', 'started_at', 'ended_at'])
      .where('school_id', '=', schoolId)
      // Begun, or whose planned start has passed: what is still to come is not counted.
      .where((eb) =>
        eb.or([eb('started_at', 'is not', null), eb('scheduled_start', '<=', nowIso)]),
      );
    if (from)
      query = query.where(
        'scheduled_start',
        '>=',
        zonedInstant(from, '00:00', timeZone).toISOString(),
      );
    if (to)
      query = query.where(
        'scheduled_start',
        '<',
        zonedInstant(addDays(to, 1), '00:00', timeZone).toISOString(),
      );
    if (lessons.length === 0) return [];
    const sessions = await query
      .where(
        'lesson_id',
        'in',
        lessons.map((l) => l.id),
      )
      .execute();
    if (sessions.length === 0) return [];
    const ids = sessions.map((s) => s.id);
    const held = sessions.filter((s) => s.started_at !== null);
    const [presence, recordings, rosters] = await Promise.all([
      db
        .selectFrom('live_session_presence')
        .select(['session_id', 'membership_id'])
        .distinct()
        .where('school_id', '=', schoolId)
        .where('session_id', 'in', ids)
        .where('role', '=', 'student')
        .where('membership_id', 'is not', null)
        .execute(),
      db
        .selectFrom('live_session_recordings')
        .select(['session_id'])
        .where('school_id', '=', schoolId)
        .where('session_id', 'in', ids)
        .execute(),
      db
        .selectFrom('lesson_students')
        .select(['lesson_id', 'student_id'])
        .where('school_id', '=', schoolId)
        .where('lesson_id', 'in', [...new Set(held.map((s) => s.lesson_id!))].concat(0))
        .execute(),
    ]);
    const roster = new Map<number, Set<number>>();
    for (const r of rosters)
      roster.set(r.lesson_id, (roster.get(r.lesson_id) ?? new Set()).add(r.student_id));
    const joined = new Map<number, Set<number>>();
    for (const p of presence)
      joined.set(p.session_id, (joined.get(p.session_id) ?? new Set()).add(p.membership_id!));
    const recordingsOf = new Map<number, number>();
    for (const r of recordings)
      recordingsOf.set(r.session_id, (recordingsOf.get(r.session_id) ?? 0) + 1);

    const nameOf = new Map(lessons.map((l) => [l.id, l.name]));
    const rows = new Map<
      string,
      {
        planned: number;
        held: number;
        missed: number;
        ms: number;
        shares: number[];
        recordings: number;
      }
    >();
    for (const s of sessions) {
      const key = nameOf.get(s.lesson_id!) ?? '';
      const row = rows.get(key) ?? {
        planned: 0,
        held: 0,
        missed: 0,
        ms: 0,
        shares: [],
        recordings: 0,
      };
      row.planned += 1;
      row.recordings += recordingsOf.get(s.id) ?? 0;
      if (s.started_at) {
        row.held += 1;
        const end = s.ended_at ?? (s.scheduled_end < nowIso ? s.scheduled_end : nowIso);
        row.ms += Math.max(0, Date.parse(end) - Date.parse(s.started_at));
        const students = roster.get(s.lesson_id!);
        if (students && students.size > 0) {
          const came = [...(joined.get(s.id) ?? [])].filter((id) => students.has(id)).length;
          row.shares.push(came / students.size);
        }
      } else if (s.scheduled_end < nowIso) row.missed += 1;
      rows.set(key, row);
    }
    return [...rows.entries()]
      .map(([lesson, r]) => ({
        lesson,
        planned: r.planned,
        held: r.held,
        missed: r.missed,
        hours: Math.round((r.ms / HOUR) * 10) / 10,
        attendance:
          r.shares.length === 0
            ? null
            : Math.round((r.shares.reduce((sum, v) => sum + v, 0) / r.shares.length) * 1000) / 10,
        recordings: r.recordings,
        // What the totals row weighs: the sessions with a roster and their attendance, unrounded
        // (keys with `_` are not columns: the screen and the files leave them out).
        _sessions_weighed: r.shares.length,
        _share_sum: r.shares.reduce((sum, v) => sum + v, 0),
      }))
      .sort((a, b) => a.lesson.localeCompare(b.lesson, 'el'));
  },
  totalsOf(rows) {
    const sum = (key: string) => rows.reduce((s, r) => s + Number(r[key] ?? 0), 0);
    const weighed = sum('_sessions_weighed');
    const attendance = sum('_share_sum');
    return {
      planned: sum('planned'),
      held: sum('held'),
      missed: sum('missed'),
      hours: Math.round(sum('hours') * 10) / 10,
      attendance: weighed === 0 ? null : Math.round((attendance / weighed) * 1000) / 10,
      recordings: sum('recordings'),
    };
  },
});
