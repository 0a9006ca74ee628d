import type { AccessoryGroup } from '../../../contract/cart';
import type { MerchandiseRecord, WheelRecord } from '../catalogue/catalogue-records';
import { isHubRingFor } from '../catalogue/hub-rings';
import { accessoryDescription } from './accessory-words';
import { offersEnough, packsFor, piecesPerUnit } from '../../../domain/accessory-packs';
import { formatAud, money } from '../../../domain/money';
import { type VehicleFitment, studCount } from '../vehicle/wheel-fitment';

/** An accessory the account could buy now: its price and its own stock. */
export interface AccessoryCandidate {
  readonly record: MerchandiseRecord;
  /** The price of one when `quantity` are on the line (an account's own quantity break may apply). */
  unitCentsAt(quantity: number): number;
  /** The RRP of one, for a screen set to RRP; null when the account hides prices. */
  readonly rrpUnitCents: number | null;
  /** Units (singles or packs) the own warehouses hold. */
  readonly ownStock: number;
}

export type AccessoryGroupId = 'fasteners' | 'locks' | 'hub-rings' | 'tpms' | 'valves';

interface GroupRule {
  readonly id: AccessoryGroupId;
  readonly type: 'SingleSelect' | 'MultiSelect';
  /** Set when a single-select group can be declined; the opt-out shows as an entry at $0.00. */
  readonly optOutLabel: string | null;
  name(vehicle: VehicleFitment): string;
  applies(wheel: WheelRecord, vehicle: VehicleFitment): boolean;
  matches(item: MerchandiseRecord, wheel: WheelRecord, vehicle: VehicleFitment): boolean;
  /** How many to order for a line of `wheels` wheels. */
  quantity(wheels: number, vehicle: VehicleFitment): number;
  /** What one piece is called, singular and plural. */
  unit(vehicle: VehicleFitment): readonly [string, string];
  /** What a fitting accessory must be, in words, for the reason shown when none is in stock. */
  requirement?(wheel: WheelRecord, vehicle: VehicleFitment): string;
}

const wheelsWord = (wheels: number) => `${wheels} ${wheels === 1 ? 'wheel' : 'wheels'}`;

const fastenerOf = (item: MerchandiseRecord) => item.specs.fastener ?? 'Nut';

/**
 * DESIGN.md §5: nuts or bolts by thread and seat, locks, hub rings when the bores differ, TPMS sensors when the
 * vehicle has them, valves. Hub rings cannot be declined: a wheel with a larger bore is not centred without them.
 */
const RULES: readonly GroupRule[] = [
  {
    id: 'fasteners',
    type: 'SingleSelect',
    optOutLabel: 'Use existing',
    name: (vehicle) => (vehicle.fastener === 'Bolt' ? 'Wheel Bolts' : 'Wheel Nuts'),
    applies: () => true,
    matches: (item, wheel, vehicle) =>
      item.subcategory.slug === (vehicle.fastener === 'Bolt' ? 'wheel-bolts' : 'wheel-nuts') &&
      item.specs.thread === vehicle.thread &&
      item.specs.seat === wheel.seat,
    quantity: (wheels, vehicle) => wheels * studCount(vehicle.pcd),
    unit: (vehicle) => (vehicle.fastener === 'Bolt' ? ['bolt', 'bolts'] : ['nut', 'nuts']),
  },
  {
    id: 'locks',
    type: 'SingleSelect',
    optOutLabel: 'No locks',
    name: () => 'Wheel Locks',
    applies: () => true,
    matches: (item, wheel, vehicle) =>
      item.subcategory.slug === 'wheel-locks' &&
      item.specs.thread === vehicle.thread &&
      item.specs.seat === wheel.seat &&
      fastenerOf(item) === vehicle.fastener,
    // A lock set secures one wheel in each set of four.
    quantity: (wheels) => Math.ceil(wheels / 4),
    unit: () => ['lock set', 'lock sets'],
  },
  {
    id: 'hub-rings',
    type: 'SingleSelect',
    optOutLabel: null,
    name: () => 'Hub Rings',
    applies: (wheel, vehicle) => wheel.centreBore > vehicle.centreBore,
    matches: (item, wheel, vehicle) => isHubRingFor(item, wheel.centreBore, vehicle.centreBore),
    quantity: (wheels) => wheels,
    unit: () => ['hub ring', 'hub rings'],
    requirement: (wheel, vehicle) => `${wheel.centreBore} mm wheel bore to ${vehicle.centreBore} mm hub`,
  },
  {
    id: 'tpms',
    type: 'SingleSelect',
    optOutLabel: 'No TPMS sensors',
    name: () => 'TPMS Sensors',
    applies: (_wheel, vehicle) => vehicle.hasTpms,
    matches: (item) => item.subcategory.slug === 'tpms-sensors',
    quantity: (wheels) => wheels,
    unit: () => ['sensor', 'sensors'],
  },
  {
    id: 'valves',
    type: 'MultiSelect',
    optOutLabel: null,
    name: () => 'Valves',
    applies: () => true,
    matches: (item) => item.subcategory.slug === 'valves',
    quantity: (wheels) => wheels,
    unit: () => ['valve', 'valves'],
  },
];

/** Where a group sits in the accessories step, so chosen accessories list in the same order. */
export function groupPosition(groupId: string): number {
  return RULES.findIndex((rule) => rule.id === groupId);
}

/** How many of an accessory a line of `wheels` wheels takes: pieces by the group's rule, in whole packs. */
export function accessoryQuantity(
  groupId: string,
  wheels: number,
  vehicle: VehicleFitment,
  specs: Readonly<Record<string, string>>,
): number {
  const rule = RULES.find((candidate) => candidate.id === groupId);
  return packsFor(rule ? rule.quantity(wheels, vehicle) : wheels, specs);
}

/** A group that cannot be declined: the wheel cannot be fitted without one of its accessories. */
const isRequired = (rule: GroupRule) => rule.type === 'SingleSelect' && rule.optOutLabel === null;

/** Why a required group offers nothing: none fits at all, or none that fits is in stock. */
function unavailableReason(rule: GroupRule, wheel: WheelRecord, vehicle: VehicleFitment, anyFits: boolean): string {
  const name = rule.name(vehicle);
  const what = rule.requirement ? ` (${rule.requirement(wheel, vehicle)})` : '';
  return anyFits
    ? `${name}${what} are required for this wheel and none are in stock right now. Choose again once they are, or contact us.`
    : `${name}${what} are required for this wheel and we have none that fit. Contact us to order this wheel for this vehicle.`;
}

/**
 * The groups offered for a wheel line: only accessories the line can have (offersEnough), priced for the line's wheel count, best fit first (fewest spare pieces), then
 * cheapest. A required group with nothing to offer stays, empty, with the reason: the line cannot be completed until
 * it can be.
 */
export function accessoryGroupsFor(
  wheel: WheelRecord,
  vehicle: VehicleFitment,
  wheels: number,
  candidates: readonly AccessoryCandidate[],
  selected: ReadonlySet<number>,
): AccessoryGroup[] {
  return RULES.flatMap((rule) => {
    if (!rule.applies(wheel, vehicle)) return [];
    const needed = rule.quantity(wheels, vehicle);
    const purpose =
      rule.id === 'fasteners' ? `${wheelsWord(wheels)} of ${studCount(vehicle.pcd)} studs` : wheelsWord(wheels);
    const accessories = candidates
      .filter(
        (candidate) =>
          rule.matches(candidate.record, wheel, vehicle) &&
          offersEnough(candidate.record.specs, candidate.ownStock, needed),
      )
      .map((candidate) => {
        const { specs } = candidate.record;
        const quantity = packsFor(needed, specs);
        const perPack = piecesPerUnit(specs);
        const subTotalValue = candidate.unitCentsAt(quantity) * quantity;
        return {
          spare: quantity * perPack - needed,
          option: {
            id: candidate.record.id,
            name: candidate.record.name,
            sku: candidate.record.sku,
            description: accessoryDescription(specs, { quantity, perPack, needed, unit: rule.unit(vehicle), purpose }),
            quantity,
            subTotal: formatAud(subTotalValue),
            subTotalValue,
            rrpSubTotal: candidate.rrpUnitCents === null ? null : money(candidate.rrpUnitCents * quantity),
            selected: selected.has(candidate.record.id),
          },
        };
      })
      .sort(
        (a, b) =>
          a.spare - b.spare ||
          a.option.subTotalValue - b.option.subTotalValue ||
          a.option.name.localeCompare(b.option.name) ||
          a.option.id - b.option.id,
      )
      .map(({ option }) => option);
    const reason =
      accessories.length === 0 && isRequired(rule)
        ? unavailableReason(
            rule,
            wheel,
            vehicle,
            candidates.some((candidate) => rule.matches(candidate.record, wheel, vehicle)),
          )
        : null;
    if (accessories.length === 0 && reason === null) return [];
    return [
      {
        groupId: rule.id,
        name: rule.name(vehicle),
        type: rule.type,
        canOptOut: rule.optOutLabel !== null,
        optOutLabel: rule.optOutLabel,
        accessories,
        unavailableReason: reason,
      },
    ];
  });
}
