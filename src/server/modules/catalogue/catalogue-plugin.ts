import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { CatalogueReadModel } from './catalogue-read-model';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory catalogue the searches answer from (DESIGN.md §9). */
    catalogue: CatalogueReadModel;
  }
}

/** Creates the app's catalogue read model: loaded and listening when the app is ready, stopped when it closes. */
export function registerCatalogue(app: FastifyInstance, database: DatabaseHandle): CatalogueReadModel {
  const model = new CatalogueReadModel(database.db, app.log);
  app.decorate('catalogue', model);
  app.addHook('onReady', async () => {
    await model.listen(database);
    await model.snapshot();
  });
  app.addHook('onClose', () => model.close());
  return model;
}
