import { z } from 'zod';
import { endpoint } from './endpoint';

export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    summary: 'Liveness: the server version and the database kind.',
    response: z.object({ version: z.string(), database: z.enum(['sqlite', 'postgres']) }),
  }),
};
