import type { z } from 'zod';
import type { loginBody } from '../../../../shared/api';

/** What the sign-in form holds, and what the shared schema makes of it. */
export type LoginInput = Pick<z.input<typeof loginBody>, 'username' | 'password' | 'remember_me'>;
export type LoginOutput = z.output<typeof loginBody>;
/** The fields that can carry a validation message. */
export type LoginField = 'username' | 'password';
