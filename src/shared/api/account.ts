import { z } from 'zod';
import { EMAIL_MAX_LENGTH, LANGUAGES, PASSWORD_MIN_LENGTH, ROLES } from '../constants';
import { endpoint } from './endpoint';

// Messages are the spec's English texts; the renderer uses them as i18n keys (§5, §8).
export const MSG = {
  emailRequired: 'Email is required!',
  emailTooLong: 'Email must be max 320 characters',
  passwordRequired: 'Password is required!',
  privacyRequired: 'Please accept privacy policy',
  passwordTooShort: 'The password must be at least 8 characters',
  wrongCredentials: 'Wrong password Or Email',
  networkError: 'Network Error',
  resetRequestFailed: 'Some error occurred. Please contact with administration',
} as const;

const emailField = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(EMAIL_MAX_LENGTH, MSG.emailTooLong);

export const loginBody = z.object({
  /** The account's email or its username. */
  username: emailField,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(1024),
  platform: z.string().max(40).optional(),
  remember_me: z.boolean().optional().default(false),
});
export type LoginBody = z.input<typeof loginBody>;

export const requestResetBody = z.object({ email: emailField });
export type RequestResetBody = z.infer<typeof requestResetBody>;

export const resetPasswordBody = z.object({
  token: z.string().min(1).max(200),
  password: z
    .string({ error: MSG.passwordTooShort })
    .min(PASSWORD_MIN_LENGTH, MSG.passwordTooShort)
    .max(1024),
  privacyChecked: z.literal(true, { error: MSG.privacyRequired }),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const account = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  logo: z.string().nullable(),
  language: z.enum(LANGUAGES),
  /** The account's phone in its schools (the first membership that has one). */
  phone: z.string().nullable(),
});
export type Account = z.infer<typeof account>;

const personName = z
  .string({ error: 'This field is required' })
  .trim()
  .min(1, 'This field is required')
  .max(100, 'This text is too long');

/** What a signed-in person changes of their own account (the profile screen). */
export const updateAccountBody = z.object({
  first_name: personName,
  last_name: personName,
  /** Written to every membership of the account: the person's phone in each school. */
  phone: z
    .string()
    .trim()
    .max(40, 'This text is too long')
    .regex(/^[0-9+()\s.-]*$/, 'Enter a phone number')
    .nullable()
    .optional(),
  language: z.enum(LANGUAGES, { error: 'Choose English or Greek' }),
});
export type UpdateAccountBody = z.infer<typeof updateAccountBody>;

export const changePasswordBody = z.object({
  current_password: z
    .string({ error: MSG.passwordRequired })
    .min(1, MSG.passwordRequired)
    .max(1024),
  password: z
    .string({ error: MSG.passwordTooShort })
    .min(PASSWORD_MIN_LENGTH, MSG.passwordTooShort)
    .max(1024),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The largest profile photo accepted. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

export const schoolEntry = z.object({
  /** The membership's id. */
  id: z.number().int(),
  school_id: z.number().int(),
  role: z.enum(ROLES),
  name: z.string(),
  /** An absolute link, or a file name served from `/api/school-files/:name`. */
  logo: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
});
export type SchoolEntry = z.infer<typeof schoolEntry>;

export const accountEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/account/login',
    access: 'public',
    summary: 'Sign in with email or username; returns a session token.',
    body: loginBody,
    response: z.object({ token: z.string() }),
  }),
  logout: endpoint({
    method: 'POST',
    path: '/account/logout',
    access: 'user',
    summary: 'Revoke the session token the request carries.',
    response: z.null(),
  }),
  account: endpoint({
    method: 'GET',
    path: '/account',
    access: 'user',
    summary: 'The signed-in account.',
    response: account,
  }),
  updateAccount: endpoint({
    method: 'PUT',
    path: '/account',
    access: 'user',
    summary: 'Change your own name, phone and language.',
    body: updateAccountBody,
    response: account,
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: '/account/password',
    access: 'user',
    summary:
      "Change your own password with the current one (sign-in limits apply); ends the account's other sessions.",
    body: changePasswordBody,
    response: z.null(),
  }),
  uploadPhoto: endpoint({
    method: 'POST',
    path: '/account/photo',
    access: 'user',
    summary: 'Upload your own photo (PNG, JPEG or WebP, at most 2 MB; multipart "file").',
    response: account,
  }),
  removePhoto: endpoint({
    method: 'DELETE',
    path: '/account/photo',
    access: 'user',
    summary: 'Remove your own photo.',
    response: account,
  }),
  schools: endpoint({
    method: 'GET',
    path: '/account/schools',
    access: 'user',
    summary: 'One entry per school and role the account holds.',
    response: z.array(schoolEntry),
  }),
  requestReset: endpoint({
    method: 'POST',
    path: '/account/request-reset',
    access: 'public',
    summary: 'Mail a password-reset link; the same answer whether or not the address exists.',
    body: requestResetBody,
    response: z.null(),
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/account/reset-password',
    access: 'public',
    summary: 'Set a new password with a reset or create-password token.',
    body: resetPasswordBody,
    response: z.null(),
  }),
};
