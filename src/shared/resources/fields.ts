import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../constants';
import type { FieldDefinition, FieldKind } from './types';

// Builders for the field declarations, so that each resource reads as a list of fields.

export const FIELD_MSG = {
  required: 'This field is required',
  tooLong: 'This text is too long',
  email: 'Enter a valid email address',
  date: 'Enter a date as YYYY-MM-DD',
  time: 'Enter a time as HH:MM',
  color: 'Enter a colour as #RRGGBB',
  number: 'Enter a whole number',
  choice: 'Choose one of the options',
} as const;

type Options = Partial<Omit<FieldDefinition, 'name' | 'label' | 'kind' | 'schema'>>;

/** An optional value: empty text and null clear it; absent leaves it as it is. */
const optionalEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? null : v), schema.nullable());

const requiredText = (max: number) =>
  z
    .string({ error: FIELD_MSG.required })
    .trim()
    .min(1, FIELD_MSG.required)
    .max(max, FIELD_MSG.tooLong);

function field(
  name: string,
  label: string,
  kind: FieldKind,
  base: z.ZodType,
  options: Options,
): FieldDefinition {
  const schema = options.required ? base : optionalEmpty(base);
  return { name, label, kind, schema, ...options };
}

export const textField = (name: string, label: string, options: Options & { max?: number } = {}) =>
  field(
    name,
    label,
    'text',
    options.required
      ? requiredText(options.max ?? 200)
      : z
          .string()
          .trim()
          .max(options.max ?? 200, FIELD_MSG.tooLong),
    options,
  );

export const longTextField = (name: string, label: string, options: Options = {}) =>
  field(
    name,
    label,
    'longtext',
    options.required ? requiredText(20_000) : z.string().max(20_000, FIELD_MSG.tooLong),
    options,
  );

export const emailField = (name: string, label: string, options: Options = {}) =>
  field(
    name,
    label,
    'email',
    z
      .string({ error: FIELD_MSG.required })
      .trim()
      .toLowerCase()
      .min(1, FIELD_MSG.required)
      .max(EMAIL_MAX_LENGTH, 'Email must be max 320 characters')
      .pipe(z.email(FIELD_MSG.email)),
    options,
  );

export const phoneField = (name: string, label: string, options: Options = {}) =>
  field(name, label, 'phone', z.string().trim().max(40, FIELD_MSG.tooLong), options);

export const dateField = (name: string, label: string, options: Options = {}) =>
  field(name, label, 'date', z.iso.date({ error: FIELD_MSG.date }), options);

export const timeField = (name: string, label: string, options: Options = {}) =>
  field(
    name,
    label,
    'time',
    z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, FIELD_MSG.time),
    options,
  );

export const integerField = (
  name: string,
  label: string,
  options: Options & { min?: number; max?: number } = {},
) =>
  field(
    name,
    label,
    'integer',
    z.coerce
      .number({ error: FIELD_MSG.number })
      .int(FIELD_MSG.number)
      .min(options.min ?? 0)
      .max(options.max ?? 1_000_000),
    options,
  );

/** Money is integer cents (DESIGN.md). */
export const moneyField = (name: string, label: string, options: Options = {}) =>
  field(
    name,
    label,
    'money',
    z.coerce.number({ error: FIELD_MSG.number }).int(FIELD_MSG.number).min(0).max(100_000_000),
    options,
  );

export const booleanField = (name: string, label: string, options: Options = {}) => ({
  name,
  label,
  kind: 'boolean' as const,
  schema: z.preprocess(
    (v) =>
      v === 1 || v === '1' || v === 'true'
        ? true
        : v === 0 || v === '0' || v === 'false'
          ? false
          : v,
    z.boolean(),
  ),
  ...options,
});

export const colorField = (name: string, label: string, options: Options = {}) =>
  field(name, label, 'color', z.string().regex(/^#[0-9a-fA-F]{6}$/, FIELD_MSG.color), options);

export const selectField = (
  name: string,
  label: string,
  choices: readonly [string, ...string[]],
  options: Options = {},
) =>
  field(name, label, 'select', z.enum(choices, { error: FIELD_MSG.choice }), {
    ...options,
    options: choices,
  });

export const referenceField = (
  name: string,
  label: string,
  target: string,
  options: Options = {},
) =>
  field(
    name,
    label,
    'reference',
    z.coerce.number({ error: FIELD_MSG.required }).int().positive(FIELD_MSG.required),
    { ...options, target },
  );

/** Many ids, kept in a link table (`from` = this record, `to` = the target). */
export const referencesField = (
  name: string,
  label: string,
  target: string,
  link: { table: string; from: string; to: string },
  options: Options = {},
): FieldDefinition => ({
  name,
  label,
  kind: 'references',
  schema: z
    .array(z.coerce.number().int().positive())
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'Choose each item once'),
  target,
  link,
  ...options,
});
