import type { ImportEntityName } from '../../../contract/imports';
import { accountImporter, accountUserImporter } from './account-importers';
import type { EntityImporter } from './import-entity';
import { stockDeltaImporter, stockSnapshotImporter } from './stock-importers';
import { warehouseImporter } from './warehouse-importer';
import { pictureImporter } from './picture-importer';

/** The server side of each entity of src/contract/imports.ts. */
export const entityImporters: Record<ImportEntityName, EntityImporter<never, unknown, unknown>> = {
  warehouses: warehouseImporter as EntityImporter<never, unknown, unknown>,
  'stock-deltas': stockDeltaImporter as EntityImporter<never, unknown, unknown>,
  stock: stockSnapshotImporter as EntityImporter<never, unknown, unknown>,
  accounts: accountImporter as EntityImporter<never, unknown, unknown>,
  users: accountUserImporter as EntityImporter<never, unknown, unknown>,
  pictures: pictureImporter as EntityImporter<never, unknown, unknown>,
};
