import { z } from 'zod';
import { endpoint } from './endpoint';
import { colorsSetting } from './school';

export const whiteLabel = z.object({
  /** null for the default Mathema branding (spec §9). */
  id: z.string().nullable(),
  name: z.string(),
  logo: z.string().nullable(),
  splash: z.string().nullable(),
  login_img: z.string().nullable(),
  colors: colorsSetting,
});
export type WhiteLabel = z.infer<typeof whiteLabel>;

export const whiteLabelEndpoints = {
  whiteLabel: endpoint({
    method: 'GET',
    path: '/whitelabel',
    access: 'public',
    summary: 'Branding chosen by the whitelabel header or the request host.',
    response: whiteLabel,
  }),
};
