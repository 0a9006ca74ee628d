import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { ParsedRequest, ResponseOf, RouteDefinition } from '../../contract/route';
import type { RouteName, Routes } from '../../contract/routes';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { CatalogueReadModel } from '../modules/catalogue/catalogue-read-model';
import type { CustomerPrincipal, Principal, StaffPrincipal } from '../modules/auth/principal';
import type { IntegrationCaller } from '../modules/integration/integration-caller';

/** What every handler gets besides its parsed input: the request's identity and the app's parts. */
export interface HandlerContext {
  /** The contract's name of the route being answered, under whichever of its spellings it was called. */
  readonly routeName: RouteName;
  readonly db: Database;
  /** The app's in-memory catalogue read model (DESIGN.md §9), created once where the app is built. */
  readonly catalogue: CatalogueReadModel;
  readonly config: Config;
  readonly log: FastifyBaseLogger;
  readonly reply: FastifyReply;
  readonly principal: Principal | null;
  /** Minutes east of UTC the caller's clock is at, from X-Timezone-Offset (0 when absent). */
  readonly timezoneOffsetMinutes: number;
  now(): Date;
  /** The calling customer; the access declaration guarantees one on customer and payer routes. */
  customer(): CustomerPrincipal;
  staff(): StaffPrincipal;
  /** The calling system; the access declaration guarantees one on integration routes. */
  integrationCaller(): IntegrationCaller;
}

export type Handler<D extends RouteDefinition> = (
  request: ParsedRequest<D>,
  context: HandlerContext,
) => Promise<ResponseOf<D>>;

export type Handlers = { [N in RouteName]: Handler<Routes[N]> };
