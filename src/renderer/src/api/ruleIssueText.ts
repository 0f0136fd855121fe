import type { TFunction } from 'i18next';
import type { RuleCode, RuleIssue } from '../../../shared/api';
import { msg } from '../i18n/msg';

interface RuleWording {
  text: string;
  /** A closer wording that names what the server sent, used when every one of `needs` came. */
  named?: { needs: string[]; text: string };
}

// The English texts are the i18n keys (Greek in i18n/el.ts); a code's params fill the named
// wording, so a server that sends fewer params still gets a whole sentence.
const RULE_WORDING: Record<RuleCode, RuleWording> = {
  unique: {
    text: msg('Another record of the school already has this value.'),
    named: { needs: ['value'], text: msg('Another record of the school already has {{value}}.') },
  },
  unknown_choice: { text: msg('This choice does not exist in this school.') },
  already_member: {
    text: msg('This person is already in this list.'),
    named: { needs: ['name'], text: msg('{{name}} is already in this list.') },
  },
  account_not_yours: {
    text: msg(
      'This account also belongs to another school or holds more than you may manage; ask its school or a full admin.',
    ),
  },
  email_taken: {
    text: msg('Another account already uses this email.'),
    named: { needs: ['email'], text: msg('Another account already uses {{email}}.') },
  },
  admin_needs_full_access: {
    text: msg('Granting, changing or removing the admin role needs full access.'),
  },
  last_full_admin: {
    text: msg('The school would be left without an admin with full access.'),
  },
  beyond_your_access: { text: msg('A new admin cannot get more access than you hold.') },
  not_on_yourself: { text: msg('You cannot do this to your own account.') },
  not_your_record: { text: msg('Only its author or the office may change this.') },
  in_use: {
    text: msg('This record is used elsewhere and cannot be deleted.'),
    named: {
      needs: ['count'],
      text: msg('This record is used by {{count}} other records and cannot be deleted.'),
    },
  },
  not_your_lesson: { text: msg('You can do this only for lessons you teach.') },
  not_open_yet: {
    text: msg('This task is not open yet.'),
    named: { needs: ['open_at'], text: msg('This task opens on {{open_at}}.') },
  },
  past_due: {
    text: msg('The due date has passed: handed-in work can no longer change.'),
  },
  late_not_accepted: {
    text: msg('The due date has passed and this task does not accept late work.'),
  },
  already_graded: {
    text: msg('This work is graded; your teacher may return it for another try.'),
  },
  not_handed_in: { text: msg('Only handed-in work can be graded or returned.') },
  points_over_max: {
    text: msg('More points than the task is worth.'),
    named: { needs: ['max'], text: msg('This task is worth at most {{max}} points.') },
  },
  not_in_lesson: { text: msg("Each step must be a task or chapter of the book's lesson.") },
  file_type_refused: { text: msg('This kind of file is not accepted (programs and scripts).') },
  quiz_not_open: {
    text: msg('This quiz is not open yet.'),
    named: { needs: ['opens_at'], text: msg('This quiz opens on {{opens_at}}.') },
  },
  quiz_closed: { text: msg('This quiz has closed.') },
  no_attempts_left: {
    text: msg('You have used every attempt this quiz allows.'),
    named: {
      needs: ['allowed'],
      text: msg('You have used every attempt this quiz allows ({{allowed}}).'),
    },
  },
  attempt_closed: { text: msg('This attempt is over: its answers can no longer change.') },
  attempt_not_submitted: { text: msg('Only a submitted attempt can be graded.') },
  quiz_attempted: {
    text: msg('Students have started this quiz: its questions can no longer change.'),
  },
  sub_period_closed: {
    text: msg('This sub-period is closed: its grades are read-only until the office reopens it.'),
  },
  graded_elsewhere: {
    text: msg('This item is graded where it was set (its quiz or task), not in the gradebook.'),
  },
  value_out_of_scale: {
    text: msg('This value is outside the scale.'),
    named: { needs: ['max'], text: msg('Enter a value from 0 to {{max}}.') },
  },
  too_many_decimals: { text: msg('Enter at most two decimals.') },
  values_over_max: {
    text: msg('Some students have more points than that: change their values first.'),
  },
  collector_exists: {
    text: msg('Another category already collects these items.'),
    named: { needs: ['name'], text: msg('The category "{{name}}" already collects these items.') },
  },
  not_in_roster: { text: msg("This student is not on the lesson's roster.") },
  file_too_large: {
    text: msg('This file is larger than the server accepts.'),
    named: {
      needs: ['max_mb'],
      text: msg('This file is larger than {{max_mb}} MB, the most the server accepts.'),
    },
  },
  scorm_not_zip: { text: msg('The file is not a zip archive, or it is damaged.') },
  scorm_no_manifest: {
    text: msg('The package has no imsmanifest.xml at its root: it is not a SCORM package.'),
  },
  scorm_bad_manifest: {
    text: msg("The package's imsmanifest.xml cannot be read or names no launch file."),
  },
  scorm_no_launch_file: {
    text: msg('The launch file the manifest names is not in the package.'),
    named: {
      needs: ['path'],
      text: msg('The launch file the manifest names ({{path}}) is not in the package.'),
    },
  },
  scorm_unsafe_path: {
    text: msg('The package has a path that would leave it (.., an absolute path or backslashes).'),
    named: {
      needs: ['path'],
      text: msg('The package has a path that would leave it: {{path}}'),
    },
  },
  scorm_symlink: {
    text: msg('The package contains a symbolic link, which is not accepted.'),
    named: { needs: ['path'], text: msg('The package contains a symbolic link: {{path}}') },
  },
  scorm_too_large: {
    text: msg('The package is too large when unpacked.'),
    named: {
      needs: ['max_mb'],
      text: msg('Unpacked, the package (or one of its files) is larger than {{max_mb}} MB.'),
    },
  },
  scorm_unreadable_entry: {
    text: msg('The package has a file the server cannot read (encrypted or unknown compression).'),
  },
};

/** One refusal of a rule, in the user's language. */
export function ruleIssueText(issue: RuleIssue, t: TFunction): string {
  const wording = RULE_WORDING[issue.code];
  // A code this renderer does not know yet (a newer server) still gets a sentence.
  if (!wording) return t('Please correct the marked fields');
  const params = issue.params ?? {};
  const named = wording.named?.needs.every((name) => params[name] !== undefined);
  return t(named ? wording.named!.text : wording.text, params);
}
