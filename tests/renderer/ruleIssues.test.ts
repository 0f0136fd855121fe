import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { RULE_CODES, type RuleIssue } from '../../src/shared/api';
import { ApiError } from '../../src/renderer/src/api/apiError';
import { apiErrorMessage } from '../../src/renderer/src/api/apiErrorText';
import { formErrors } from '../../src/renderer/src/api/formErrors';
import { ruleIssueText } from '../../src/renderer/src/api/ruleIssueText';
import { createI18n, loadLanguage } from '../../src/renderer/src/i18n';

let en: TFunction;
let el: TFunction;

beforeAll(async () => {
  const i18n = createI18n();
  en = i18n.getFixedT('en');
  await loadLanguage(i18n, 'el');
  el = i18n.getFixedT('el');
});

const refused = (issues: RuleIssue[], fields: Record<string, string> = {}) =>
  new ApiError('conflict', 'Refused in English', 409, fields, issues);

describe('the wording of rule issues', () => {
  it('has a sentence in English and in Greek for every code', () => {
    for (const code of RULE_CODES) {
      const english = ruleIssueText({ code }, en);
      const greek = ruleIssueText({ code }, el);
      expect(english, code).toMatch(/^[A-Z].+\.$/);
      expect(greek, code).toMatch(/[α-ωά-ώ]/);
      expect(greek, code).not.toBe(english);
    }
  });

  it('names what the server sent, in both languages', () => {
    const issue: RuleIssue = { code: 'email_taken', params: { email: 'ada@example.org' } };
    expect(ruleIssueText(issue, en)).toBe('Another account already uses ada@example.org.');
    expect(ruleIssueText(issue, el)).toBe('Άλλος λογαριασμός χρησιμοποιεί ήδη το ada@example.org.');
    expect(ruleIssueText({ code: 'in_use', params: { count: 3 } }, el)).toBe(
      'Αυτή η εγγραφή χρησιμοποιείται από 3 άλλες εγγραφές και δεν μπορεί να διαγραφεί.',
    );
  });

  it('stays a whole sentence when the params it could name are missing', () => {
    expect(ruleIssueText({ code: 'in_use' }, en)).toBe(
      'This record is used elsewhere and cannot be deleted.',
    );
    expect(ruleIssueText({ code: 'unique', params: { other: 1 } }, en)).not.toContain('{{');
  });

  it("replaces the server's English message in a toast, and keeps it without issues", () => {
    expect(apiErrorMessage(refused([{ code: 'last_full_admin' }]), el)).toBe(
      'Το σχολείο θα έμενε χωρίς διαχειριστή με πλήρη πρόσβαση.',
    );
    expect(apiErrorMessage(refused([]), en)).toBe('Refused in English');
    expect(apiErrorMessage(new Error('boom'), el)).toBe('Σφάλμα δικτύου!');
  });
});

describe("where a form shows a failed save's reasons", () => {
  const shown = ['name', 'email', 'code'];

  it('puts an issue about a shown field under it and points the flash at it', () => {
    const placed = formErrors(refused([{ code: 'unique', field: 'code' }]), shown, en);
    expect(placed.fields).toEqual({ code: 'Another record of the school already has this value.' });
    expect(placed.general).toBe('Please correct the marked fields');
  });

  it('puts issues about no field, or a field the form does not show, in the flash', () => {
    const placed = formErrors(
      refused([
        { code: 'unique', field: 'email' },
        { code: 'not_your_record' },
        { code: 'unknown_choice', field: 'tag_ids' },
      ]),
      shown,
      el,
    );
    expect(placed.fields).toEqual({ email: 'Άλλη εγγραφή του σχολείου έχει ήδη αυτή την τιμή.' });
    expect(placed.general).toBe(
      'Μόνο ο συντάκτης του ή η γραμματεία μπορεί να το αλλάξει. Αυτή η επιλογή δεν υπάρχει σε αυτό το σχολείο.',
    );
  });

  it("falls back to the server's fields and message when it sent no issues", () => {
    const error = new ApiError('validation', 'Invalid input', 400, {
      email: 'Email is required!',
      hidden_field: 'Nope',
    });
    const placed = formErrors(error, shown, el);
    expect(placed.fields).toEqual({ email: 'Το email είναι υποχρεωτικό!' });
    expect(placed.general).toBe('Invalid input');
    expect(formErrors(new Error('offline'), shown, en)).toEqual({
      fields: {},
      general: 'Network Error!',
    });
  });
});
