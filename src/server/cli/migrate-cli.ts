// `npm run migrate`: brings the database (DATABASE_URL, or the embedded one of DATA_DIR) to the schema this build
// needs, and says so. Servers and commands migrate on start as well; this is the step a go-live or a deployment runs
// on its own, before the first server starts (docs/go-live.md, docs/operations.md).
import { withCommandDatabase } from './cli-support';

const kind = await withCommandDatabase(async (database) => database.kind);
process.stdout.write(`The ${kind === 'pglite' ? 'embedded' : 'PostgreSQL'} database has this build's schema.\n`);
