import type { FastifyInstance, FastifyRequest } from 'fastify';
import { whiteLabelEndpoints as api, type WhiteLabel } from '../../../shared/api/whitelabel';
import { DEFAULT_PALETTE } from '../../../shared/constants';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';

const DEFAULT_WHITE_LABEL: WhiteLabel = {
  id: null,
  name: 'Mathema',
  logo: null,
  splash: null,
  login_img: null,
  colors: { ...DEFAULT_PALETTE },
};

/** The white label named by the `whitelabel` header, else the one bound to the host. */
async function findWhiteLabel(deps: ServerDeps, request: FastifyRequest): Promise<WhiteLabel> {
  const header = request.headers.whitelabel;
  const id =
    typeof header === 'string' && header !== '' && header !== 'null' ? header.slice(0, 100) : null;
  const row = await deps.db
    .selectFrom('white_labels')
    .selectAll()
    .where((eb) => (id ? eb('id', '=', id) : eb('host', '=', request.hostname.toLowerCase())))
    .executeTakeFirst();
  if (!row) return DEFAULT_WHITE_LABEL;
  let colors: WhiteLabel['colors'] = {};
  try {
    colors = JSON.parse(row.colors) as WhiteLabel['colors'];
  } catch {
    colors = {};
  }
  return {
    id: row.id,
    name: row.name,
    logo: row.logo,
    splash: row.splash,
    login_img: row.login_img,
    colors: { ...DEFAULT_PALETTE, ...colors },
  };
}

export function whiteLabelRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.whiteLabel, ({ request }) => findWhiteLabel(deps, request));
}
