import { loginBody } from '../../../../shared/api/account';
import type { LoginInput, LoginOutput, LoginField } from './loginForm';

export type LoginCheck =
  { ok: true; values: LoginOutput } | { ok: false; errors: Partial<Record<LoginField, string>> };

/**
 * The login form's validation: the shared schema, loaded when the form is first focused or
 * submitted (LoginPage), so that zod is not part of the sign-in route's first download.
 * Each field gets the first message the schema has for it.
 */
export function checkLogin(input: LoginInput): LoginCheck {
  const parsed = loginBody.safeParse(input);
  if (parsed.success) return { ok: true, values: parsed.data };
  const errors: Partial<Record<LoginField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field])
      errors[field] = issue.message;
  }
  return { ok: false, errors };
}
