import type { ImportEntityName } from '../../../contract/imports';
import { accountImporter, accountUserImporter } from './account-importers';
import { customerPriceImporter } from './customer-price-importer';
import type { EntityImporter } from './import-entity';
import { inboundStockImporter } from './inbound-stock-importer';
import { invoiceImporter, invoiceLineImporter, invoicePaymentImporter } from './invoice-importers';
import { pictureImporter } from './picture-importer';
import { priceImporter } from './price-importer';
import { stockDeltaImporter, stockSnapshotImporter } from './stock-importers';
import { accountTierImporter, brandTierImporter } from './tier-importers';
import { vehicleImporter } from './vehicle-importer';
import { accessoryImporter, tyreImporter, wheelImporter } from './product-kind-importers';
import { warehouseImporter } from './warehouse-importer';

/** The server side of each entity of src/contract/imports.ts. */
export const entityImporters: Record<ImportEntityName, EntityImporter<never, unknown, unknown>> = {
  warehouses: warehouseImporter as EntityImporter<never, unknown, unknown>,
  'stock-deltas': stockDeltaImporter as EntityImporter<never, unknown, unknown>,
  stock: stockSnapshotImporter as EntityImporter<never, unknown, unknown>,
  accounts: accountImporter as EntityImporter<never, unknown, unknown>,
  users: accountUserImporter as EntityImporter<never, unknown, unknown>,
  pictures: pictureImporter as EntityImporter<never, unknown, unknown>,
  'customer-prices': customerPriceImporter as EntityImporter<never, unknown, unknown>,
  prices: priceImporter as EntityImporter<never, unknown, unknown>,
  'brand-tiers': brandTierImporter as EntityImporter<never, unknown, unknown>,
  'account-tiers': accountTierImporter as EntityImporter<never, unknown, unknown>,
  'inbound-stock': inboundStockImporter as EntityImporter<never, unknown, unknown>,
  vehicles: vehicleImporter as EntityImporter<never, unknown, unknown>,
  tyres: tyreImporter as EntityImporter<never, unknown, unknown>,
  wheels: wheelImporter as EntityImporter<never, unknown, unknown>,
  accessories: accessoryImporter as EntityImporter<never, unknown, unknown>,
  invoices: invoiceImporter as EntityImporter<never, unknown, unknown>,
  'invoice-lines': invoiceLineImporter as EntityImporter<never, unknown, unknown>,
  'invoice-payments': invoicePaymentImporter as EntityImporter<never, unknown, unknown>,
};
