import type { ImportEntityName } from '../../../contract/imports';
import type { EntityImporter } from './import-entity';
import { inboundStockImporter } from './inbound-stock-importer';
import { stockDeltaImporter, stockSnapshotImporter } from './stock-importers';
import { vehicleImporter } from './vehicle-importer';
import { warehouseImporter } from './warehouse-importer';

/** The server side of each entity of src/contract/imports.ts. */
export const entityImporters: Record<ImportEntityName, EntityImporter<never, unknown, unknown>> = {
  warehouses: warehouseImporter as EntityImporter<never, unknown, unknown>,
  'stock-deltas': stockDeltaImporter as EntityImporter<never, unknown, unknown>,
  stock: stockSnapshotImporter as EntityImporter<never, unknown, unknown>,
  'inbound-stock': inboundStockImporter as EntityImporter<never, unknown, unknown>,
  vehicles: vehicleImporter as EntityImporter<never, unknown, unknown>,
};
