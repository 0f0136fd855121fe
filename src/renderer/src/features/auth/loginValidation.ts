import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody } from '../../../../shared/api';

/** The login form's validation: the shared schema, loaded on the first submit (LoginPage). */
export const loginResolver = zodResolver(loginBody);
