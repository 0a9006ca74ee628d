// `npm run webhooks -- add --url https://erp.example/hooks --events order.placed,order.status_changed
// [--versions order.placed:2]` | `list` |
// `disable --id 3` | `dead` | `replay --id 41`: webhook endpoints and dead letters, for the people who run the shop
// (docs/integration.md, Webhooks). Works on DATABASE_URL, or the embedded database of DATA_DIR while no shop holds it.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { eventTypes, schemaVersionChoiceQuerySchema } from '../../../contract/events';
import {
  versionedEventsText,
  webhookEndpointInputSchema,
  webhookEventTypesSchema,
  webhookUrlSchema,
} from '../../../contract/webhooks';
import { fail, parseCommandLine, withCommandDatabase } from '../../cli/cli-support';
import {
  addWebhookEndpoint,
  disableWebhookEndpoint,
  listDeadDeliveries,
  listWebhookEndpoints,
  replayDeadDelivery,
} from './webhook-endpoints';

const USAGE = `usage: npm run webhooks -- add --url <https://…> --events <type,type> [--versions <type:version,…>]
       npm run webhooks -- list
       npm run webhooks -- disable --id <endpoint id>
       npm run webhooks -- dead
       npm run webhooks -- replay --id <delivery id>
event types: ${eventTypes.join(', ')}`;

const idSchema = z.coerce.number().int().positive();
const commandSchema = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('add'),
    url: webhookUrlSchema,
    events: z.string().transform((list, context) => {
      const parsed = webhookEventTypesSchema.safeParse(list.split(',').map((type) => type.trim()));
      if (parsed.success) return parsed.data;
      context.addIssue({ code: 'custom', message: parsed.error.issues.map((issue) => issue.message).join('; ') });
      return z.NEVER;
    }),
    versions: schemaVersionChoiceQuerySchema.optional(),
  }),
  z.object({ command: z.literal('list') }),
  z.object({ command: z.literal('disable'), id: idSchema }),
  z.object({ command: z.literal('dead') }),
  z.object({ command: z.literal('replay'), id: idSchema }),
]);

let parsedArgs: ReturnType<typeof parseArgs>;
try {
  parsedArgs = parseArgs({
    options: {
      url: { type: 'string' },
      events: { type: 'string' },
      versions: { type: 'string' },
      id: { type: 'string' },
    },
    allowPositionals: true,
  });
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
}
const command = parseCommandLine(commandSchema, { command: parsedArgs.positionals[0], ...parsedArgs.values }, USAGE);

await withCommandDatabase(async (database) => {
  switch (command.command) {
    case 'add': {
      // The API's own check, so a version for a type the endpoint does not take is refused here too.
      const input = parseCommandLine(
        webhookEndpointInputSchema,
        { url: command.url, events: command.events, schemaVersions: command.versions },
        USAGE,
      );
      const endpoint = await addWebhookEndpoint(database.db, { ...input, createdByKeyId: null });
      process.stdout.write(
        `Added webhook endpoint ${endpoint.id} for ${versionedEventsText(endpoint)} at ${endpoint.url}.\n` +
          `Its signing secret, not shown again (verify each delivery with it):\n\n${endpoint.secret}\n`,
      );
      break;
    }
    case 'list': {
      const endpoints = await listWebhookEndpoints(database.db);
      if (endpoints.length === 0) process.stdout.write('No webhook endpoints yet.\n');
      for (const endpoint of endpoints) {
        process.stdout.write(
          `${endpoint.id}\t${endpoint.url}\t${versionedEventsText(endpoint)}\t${endpoint.active ? 'active' : 'disabled'}\tcreated ${endpoint.createdAt}\n`,
        );
      }
      break;
    }
    case 'disable': {
      const endpoint = await disableWebhookEndpoint(database.db, command.id);
      if (!endpoint) fail(`There is no webhook endpoint ${command.id}.`);
      process.stdout.write(`Disabled webhook endpoint ${endpoint.id} (${endpoint.url}): nothing more is sent to it.\n`);
      break;
    }
    case 'dead': {
      const deliveries = await listDeadDeliveries(database.db);
      if (deliveries.length === 0) process.stdout.write('No dead deliveries.\n');
      for (const delivery of deliveries) {
        process.stdout.write(
          `${delivery.deliveryId}\tevent ${delivery.eventId} ${delivery.eventType}\tto ${delivery.url}\t${delivery.attempts} attempts\tlast ${delivery.lastAttemptAt ?? 'never'}: ${delivery.lastError ?? ''}\n`,
        );
      }
      break;
    }
    case 'replay': {
      const replayed = await replayDeadDelivery(database.db, command.id, new Date());
      if (!replayed) fail(`There is no dead webhook delivery ${command.id}.`);
      process.stdout.write(
        `Delivery ${replayed.deliveryId} (event ${replayed.eventId}) is pending again: the next round sends it.\n`,
      );
      break;
    }
  }
});
