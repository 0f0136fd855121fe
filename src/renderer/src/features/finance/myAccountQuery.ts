import type { financeEndpoints } from '../../../../shared/api/finance';
import type { Role } from '../../../../shared/constants';
import { callRoute, type EndpointRoute } from '../../api/client';

// The parent's own account, shown on their home (RoleHome, FamilyBalanceCard) and fetched with the home at
// the start (features/home/homeApi.ts). Method and path only, as the home carries no zod.
const MY_ACCOUNT: EndpointRoute<typeof financeEndpoints.myAccount> = {
  method: 'GET',
  path: '/schools/:school_id/:role/finance/my-account',
};

export const myAccountQuery = (schoolId: number, role: Role) => ({
  queryKey: ['schools', schoolId, role, 'finance', 'account', 'mine'] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await callRoute(MY_ACCOUNT, { params: { school_id: schoolId, role }, signal })).data,
});

export type MyAccount = Awaited<ReturnType<ReturnType<typeof myAccountQuery>['queryFn']>>;
