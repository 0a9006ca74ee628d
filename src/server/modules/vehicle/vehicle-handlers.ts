import type { Handlers } from '../../http/handler';
import {
  vehicleMakeOptions,
  vehicleModelOptions,
  vehicleTyreDefinitions,
  vehicleWheelDefinitions,
} from './vehicle-service';

export const vehicleHandlers = {
  vehicleMakes: async (_request, { db }) => vehicleMakeOptions(db),
  vehicleModels: async ({ query }, { db }) => vehicleModelOptions(db, query.makeId),
  vehicleTyreDefinitions: async ({ query }, { db }) => vehicleTyreDefinitions(db, query.vehicleId),
  vehicleWheelDefinitions: async ({ query }, { db }) => vehicleWheelDefinitions(db, query.vehicleId),
} satisfies Partial<Handlers>;
