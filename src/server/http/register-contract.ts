import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteDefinition } from '../../contract/route';
import { API_PREFIX, type RouteName, routes } from '../../contract/routes';
import { staffRoleSchema } from '../../contract/staff-roles';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { accounts, staffUsers } from '../db/schema';
import type { Principal } from '../modules/auth/principal';
import type { CatalogueReadModel } from '../modules/catalogue/catalogue-read-model';
import type { IntegrationCaller } from '../modules/integration/integration-caller';
import { type AccessLookups, refusal } from './access';
import type { HandlerContext, Handlers } from './handler';
import { problems } from './problem';
import { readRequest } from './request-edge';

interface ContractDeps {
  readonly db: Database;
  readonly catalogue: CatalogueReadModel;
  readonly config: Config;
  readonly now: () => Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** The wholesaler's system calling with an integration key; separate from users' principals. */
    integrationCaller: IntegrationCaller | null;
    timezoneOffsetMinutes: number;
  }
}

/** Throws, so the server refuses to start, when a route of the contract has no handler. */
export function assertEveryRouteHandled(handlers: Partial<Record<string, unknown>>): asserts handlers is Handlers {
  const missing = (Object.keys(routes) as RouteName[]).filter((name) => typeof handlers[name] !== 'function');
  if (missing.length > 0) throw new Error(`Contract routes without a handler: ${missing.join(', ')}`);
}

function schemaOf(definition: RouteDefinition, hide: boolean) {
  return {
    tags: [definition.tag],
    summary: definition.summary,
    hide,
    ...(definition.access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
    ...(definition.query ? { querystring: definition.query } : {}),
    ...(definition.body ? { body: definition.body } : {}),
    ...(definition.produces ? {} : { response: { 200: definition.response } }),
  };
}

function contextFor(
  routeName: RouteName,
  request: FastifyRequest,
  reply: HandlerContext['reply'],
  deps: ContractDeps,
): HandlerContext {
  const { principal } = request;
  return {
    routeName,
    db: deps.db,
    catalogue: deps.catalogue,
    config: deps.config,
    log: request.log,
    reply,
    principal,
    timezoneOffsetMinutes: request.timezoneOffsetMinutes,
    now: deps.now,
    customer: () => {
      if (principal?.kind !== 'customer') throw problems.forbidden('Choose a customer to act as first.');
      return principal;
    },
    staff: () => {
      if (principal?.kind !== 'staff') throw problems.forbidden('Only staff members can do this.');
      return principal;
    },
    integrationCaller: () => {
      if (!request.integrationCaller) throw problems.forbidden('This route takes an integration key.');
      return request.integrationCaller;
    },
  };
}

/** What the access rule reads from the database: an account's flags, a staff member's role now. */
export function databaseLookups(db: Database): AccessLookups {
  return {
    accountFlags: async (accountId) =>
      (
        await db
          .select({ isRestrictedSalesRetailer: accounts.isRestrictedSalesRetailer })
          .from(accounts)
          .where(eq(accounts.id, accountId))
      )[0] ?? null,
    staffRole: async (staffId) => {
      const [row] = await db
        .select({ role: staffUsers.role, disabled: staffUsers.disabled })
        .from(staffUsers)
        .where(eq(staffUsers.id, staffId));
      const role = staffRoleSchema.safeParse(row?.role);
      return row && !row.disabled && role.success ? role.data : null;
    },
  };
}

/**
 * Registers every route of the contract, under each of its spellings, with its access rule and schemas. Every query and
 * body goes through the contract edge (request-edge.ts) before its schema: field names in any case, nothing unknown.
 */
export function registerContract(app: FastifyInstance, handlers: Handlers, deps: ContractDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const lookups = databaseLookups(deps.db);

  for (const name of Object.keys(routes) as RouteName[]) {
    const definition: RouteDefinition = routes[name];
    const handler = handlers[name] as (input: unknown, context: HandlerContext) => Promise<unknown>;
    const paths = [definition.path, ...(definition.aliases ?? [])];
    paths.forEach((path, index) => {
      typed.route({
        method: definition.method,
        url: `${API_PREFIX}/${path}`,
        schema: schemaOf(definition, index > 0),
        config: { access: definition.access },
        preValidation: async (request) => {
          const refused = await refusal(definition, request.principal, lookups, request.integrationCaller);
          if (refused) throw refused;
          const read = readRequest(definition, { query: request.query, body: request.body });
          Object.assign(request, read);
        },
        handler: async (request, reply) => {
          const result = await handler(
            { query: request.query, body: request.body },
            contextFor(name, request, reply, deps),
          );
          // A handler that knows its answer's type better (an uploaded file's) has set it already.
          if (definition.produces) {
            if (!reply.hasHeader('content-type')) reply.type(definition.produces);
            return reply.send(result);
          }
          return result;
        },
      });
    });
  }
}
