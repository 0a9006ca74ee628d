import { z } from 'zod';
import { queryId as id } from './ids';
import { defineRoute } from './route';

/** SPEC.md §3: lists of makes and models carry label, key and series. */
export const makeOptionSchema = z.object({ key: z.int(), label: z.string() });
export const seriesOptionSchema = z.object({ key: z.int(), label: z.string(), years: z.string() });
export const modelOptionSchema = z.object({ key: z.string(), label: z.string(), series: z.array(seriesOptionSchema) });

export const vehicleSchema = z.object({
  id: z.int(),
  makeId: z.int(),
  makeName: z.string(),
  model: z.string(),
  series: z.string(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

const tyreSizeSchema = z.object({ width: z.int(), profile: z.int(), diameter: z.int(), display: z.string() });
export const tyreDefinitionSchema = z.object({
  front: tyreSizeSchema,
  /** Set for staggered fitments only. */
  rear: tyreSizeSchema.nullable(),
  isOriginal: z.boolean(),
});
export const tyreDefinitionsSchema = z.object({ vehicle: vehicleSchema, definitions: z.array(tyreDefinitionSchema) });

/** What fits the vehicle: the cart's vehicle check and accessory step read the same data. */
export const wheelDefinitionsSchema = z.object({
  vehicle: vehicleSchema,
  pcd: z.string(),
  centreBore: z.number(),
  thread: z.string(),
  fastener: z.enum(['Nut', 'Bolt']),
  offsetMin: z.int(),
  offsetMax: z.int(),
  diameters: z.array(z.int()),
  widthMin: z.number(),
  widthMax: z.number(),
  hasTpms: z.boolean(),
});
export type WheelDefinitions = z.infer<typeof wheelDefinitionsSchema>;

export const vehicleRoutes = {
  vehicleMakes: defineRoute({
    method: 'GET',
    path: 'Vehicle/Makes',
    access: 'public',
    tag: 'Vehicles',
    summary: 'Vehicle makes',
    response: z.array(makeOptionSchema),
  }),
  vehicleModels: defineRoute({
    method: 'GET',
    path: 'Vehicle/Models',
    access: 'public',
    tag: 'Vehicles',
    summary: 'Models of a make, each with its series (the key of a series is the vehicle id)',
    query: z.object({ makeId: id }),
    response: z.array(modelOptionSchema),
  }),
  vehicleTyreDefinitions: defineRoute({
    method: 'GET',
    path: 'Vehicle/TyreDefinitions',
    access: 'public',
    tag: 'Vehicles',
    summary: 'The tyre sizes a vehicle runs, original first',
    query: z.object({ vehicleId: id }),
    response: tyreDefinitionsSchema,
  }),
  vehicleWheelDefinitions: defineRoute({
    method: 'GET',
    path: 'Vehicle/WheelDefinitions',
    access: 'public',
    tag: 'Vehicles',
    summary: 'The wheel fitment of a vehicle: PCD, centre bore, thread, offset, diameter and width ranges',
    query: z.object({ vehicleId: id }),
    response: wheelDefinitionsSchema,
  }),
};
