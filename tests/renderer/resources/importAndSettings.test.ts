import { describe, expect, it } from 'vitest';
import { updateSettingsBody } from '../../../src/shared/api';
import { DEFAULT_PALETTE } from '../../../src/shared/constants';
import { RESOURCES } from '../../../src/shared/resources';
import {
  importableLabels,
  PREVIEW_VALID_ROWS,
  previewColumns,
  previewRows,
} from '../../../src/renderer/src/resources/importLogic';
import {
  bodyFromDraft,
  draftFromSettings,
} from '../../../src/renderer/src/features/settings/settingsDraft';

const students = RESOURCES.students!;

describe('import preview', () => {
  const rows = [
    ...Array.from({ length: 80 }, (_v, i) => ({
      row: i + 2,
      values: { last_name: `L${i}`, first_name: 'F' },
      errors: {},
    })),
    {
      row: 90,
      values: { first_name: 'X', email: 'bad' },
      errors: { last_name: 'This field is required', email: 'Enter a valid email address' },
    },
  ];
  const result = { rows, valid: 80, invalid: 1, created: 0 };

  it('shows every row with an error first, then the first valid ones', () => {
    const { shown, hidden } = previewRows(result);
    expect(shown[0]!.row).toBe(90);
    expect(shown).toHaveLength(1 + PREVIEW_VALID_ROWS);
    expect(hidden).toBe(80 - PREVIEW_VALID_ROWS);
  });

  it('has a column for each field a row carries or misses, in declaration order', () => {
    expect(previewColumns(students, result).map((f) => f.name)).toEqual([
      'last_name',
      'first_name',
      'email',
    ]);
  });

  it('names the columns a file may carry by their labels, without link fields', () => {
    expect(importableLabels(students)).toContain('Student code');
    expect(importableLabels(students)).not.toContain('Guardians');
  });
});

describe('settings draft', () => {
  const stored = [
    { name: 'school_language', data: 'en', isJSON: false },
    { name: 'colors', data: JSON.stringify({ secondaryBackground: '#112233' }), isJSON: true },
    {
      name: 'translations',
      data: JSON.stringify({ el: { Students: 'Σπουδαστές' }, en: { Students: 'Pupils' } }),
      isJSON: true,
    },
    {
      name: 'embed_pages',
      data: JSON.stringify([{ title: 'Timetable', slug: 'timetable' }]),
      isJSON: true,
    },
    { name: 'ai_chatbot_enabled', data: 'true', isJSON: false },
    {
      name: 'jitsi_config_overwrite',
      data: JSON.stringify({ teacher: { startWithAudioMuted: true } }),
      isJSON: true,
    },
    { name: 'drawer', data: '{not json', isJSON: true },
  ];

  it('reads what is stored, with defaults for what is missing or malformed', () => {
    const draft = draftFromSettings(stored, 'Athens');
    expect(draft.language).toBe('en');
    expect(draft.colors).toEqual({ ...DEFAULT_PALETTE, secondaryBackground: '#112233' });
    expect(draft.translations).toEqual([{ key: 'Students', en: 'Pupils', el: 'Σπουδαστές' }]);
    expect(draft.aiChatbot).toBe(true);
    // Not stored: parents do not join live sessions.
    expect(draft.parentsJoinSessions).toBe(false);
    expect(draft.drawer).toEqual({});
    expect(JSON.parse(draft.jitsi.teacher!)).toEqual({ startWithAudioMuted: true });
  });

  it('writes a body the shared schema accepts, keeping what was read', () => {
    const draft = draftFromSettings(stored, 'Athens');
    const built = bodyFromDraft({ ...draft, aiChatbot: false, parentsJoinSessions: true });
    if (!('body' in built)) throw new Error('expected a body');
    const body = updateSettingsBody.parse(built.body);
    expect(body.settings.ai_chatbot_enabled).toBe('false');
    expect(body.settings.sessions_parents_join).toBe('true');
    expect(body.settings.translations).toEqual({
      en: { Students: 'Pupils' },
      el: { Students: 'Σπουδαστές' },
    });
    expect(body.settings.embed_pages).toEqual([{ title: 'Timetable', slug: 'timetable' }]);
    expect(body.settings.jitsi_config_overwrite).toEqual({
      admin: {},
      teacher: { startWithAudioMuted: true },
      student: {},
      client: {},
    });
  });

  it("reads and writes the assessment settings, with the school's defaults when unset", () => {
    const draft = draftFromSettings(stored, 'Athens');
    expect(draft).toMatchObject({
      gradeScale: '20',
      gradeRounding: 'tenth',
      gradesPublish: 'immediately',
      absenceGraceMinutes: '10',
      absenceThreshold: '0',
    });
    const read = draftFromSettings(
      [
        ...stored,
        { name: 'grade_scale', data: '100', isJSON: false },
        { name: 'grade_rounding', data: 'sideways', isJSON: false },
        { name: 'absence_threshold', data: '6', isJSON: false },
      ],
      'Athens',
    );
    expect(read).toMatchObject({
      gradeScale: '100',
      gradeRounding: 'tenth',
      absenceThreshold: '6',
    });
    const built = bodyFromDraft({
      ...read,
      gradesPublish: 'end_of_sub_period',
      absenceGraceMinutes: '',
    });
    if (!('body' in built)) throw new Error('expected a body');
    expect(updateSettingsBody.parse(built.body).settings).toMatchObject({
      grade_scale: '100',
      grade_rounding: 'tenth',
      grades_publish: 'end_of_sub_period',
      absence_notice_grace_minutes: '10',
      absence_threshold: '6',
    });
    expect(updateSettingsBody.safeParse({ settings: { absence_threshold: '-3' } }).success).toBe(
      false,
    );
  });

  it('refuses video-call overrides that are not a JSON object', () => {
    const draft = draftFromSettings(stored, 'Athens');
    expect(bodyFromDraft({ ...draft, jitsi: { ...draft.jitsi, client: '[1,2]' } })).toEqual({
      invalidJitsiRole: 'client',
    });
  });
});
