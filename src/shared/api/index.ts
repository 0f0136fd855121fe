export * from './envelope';
export * from './endpoint';
export * from './account';
export * from './school';
export * from './whitelabel';
export * from './health';
export * from './weather';
export * from './inbox';

import { accountEndpoints } from './account';
import { healthEndpoints } from './health';
import { inboxEndpoints } from './inbox';
import { weatherEndpoints } from './weather';
import { schoolAdminEndpoints, schoolEndpoints } from './school';
import { whiteLabelEndpoints } from './whitelabel';

/** Every hand-written endpoint, for the OpenAPI document. */
export const endpoints = {
  ...healthEndpoints,
  ...accountEndpoints,
  ...whiteLabelEndpoints,
  ...schoolEndpoints,
  ...schoolAdminEndpoints,
  ...inboxEndpoints,
  ...weatherEndpoints,
};
