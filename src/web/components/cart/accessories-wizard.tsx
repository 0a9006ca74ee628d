import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import {
  type AccessoriesWizardInput,
  type MakeOption,
  accessoriesWizardMachine,
  currentItem,
  seriesOptions,
  vehicleValidation,
} from '../../../../machines/accessories-wizard';
import { actorOptions } from '../../dev/actor-options';
import { useApi } from '../../session/session-context';
import { pickerFieldClass, pickerLabelClass } from '../catalogue/vehicle-selects';
import type { AccessoryOption } from '../../../contract/cart';
import { shownPriceMode } from '../../../domain/shown-price';
import type { PriceDisplayMode } from '../../../domain/trade-price';
import { useCounterPriceMode } from '../catalogue/counter-price-mode';
import { cartStateQuery, useStoreCartState } from '../../api/queries/cart';

const buttonClass = 'rounded border border-black/20 px-3 py-1.5 text-sm disabled:opacity-50';
const primaryClass = 'rounded bg-brand px-3 py-1.5 text-sm font-bold text-white disabled:opacity-50';

export function useAccessoriesWizardActor(input: AccessoriesWizardInput) {
  const api = useApi();
  const store = useStoreCartState();
  return useActorRef(
    accessoriesWizardMachine.provide({
      actors: {
        skipAll: fromPromise(async ({ input: skip }) => {
          for (const id of skip.itemIds) store(await api.call('cartAccessoriesSkip', { body: { id, optional: true } }));
        }),
        loadMakes: fromPromise<readonly MakeOption[]>(() => api.call('vehicleMakes')),
        loadModels: fromPromise(({ input: models }) => api.call('vehicleModels', { query: { makeId: models.makeId } })),
        loadLineVehicle: fromPromise(
          async ({ input: line }) => (await api.call('cartVehicleGet', { query: { id: line.itemId } })).vehicle,
        ),
        checkVehicle: fromPromise(async ({ input: check }) => {
          const answer = await api.call('cartVehicleSet', {
            body: { id: check.itemId, vehicleId: check.vehicleId, action: check.action },
          });
          store(answer.cart);
          return answer.result;
        }),
        loadAccessories: fromPromise(
          async ({ input: line }) => (await api.call('cartAccessoriesGet', { query: { id: line.itemId } })).groups,
        ),
        saveAccessories: fromPromise(async ({ input: save }) => {
          store(await api.call('cartAccessoriesSet', { body: { id: save.itemId, productIds: [...save.productIds] } }));
        }),
        skipItem: fromPromise(async ({ input: skip }) => {
          store(await api.call('cartAccessoriesSkip', { body: { id: skip.itemId, optional: false } }));
        }),
      },
      actions: {
        logSkipFailure: (_, params) => console.warn('Cart/AccessoriesSkip failed', params.error),
      },
    }),
    { ...actorOptions('accessories-wizard'), input },
  );
}

type WizardActor = ReturnType<typeof useAccessoriesWizardActor>;

function VehicleStep({ actor }: { actor: WizardActor }) {
  const makes = useSelector(actor, (s) => s.context.makes);
  const models = useSelector(actor, (s) => s.context.models);
  const picked = useSelector(actor, (s) => s.context.picked);
  const series = useSelector(actor, (s) => seriesOptions(s.context));
  const loadingMakes = useSelector(
    actor,
    (s) => s.matches({ item: { vehicle: 'loadingMakes' } }) || s.matches({ item: { vehicle: 'loadingLineVehicle' } }),
  );
  const loadingModels = useSelector(actor, (s) => s.matches({ item: { vehicle: 'loadingModels' } }));
  const checking = useSelector(actor, (s) => s.matches({ item: { vehicle: 'checking' } }));
  const incompatible = useSelector(actor, (s) => s.context.incompatible);
  const canGoBack = useSelector(actor, (s) => s.context.editing === null);
  const message = vehicleValidation(picked);
  if (loadingMakes) return <p role="status">Loading vehicles…</p>;
  return (
    <div className="space-y-3">
      <h3 className="font-bold">Confirm the vehicle</h3>
      <label className="block space-y-1">
        <span className={pickerLabelClass}>Make</span>
        <select
          className={pickerFieldClass}
          value={picked.makeId ?? ''}
          onChange={(e) => e.target.value && actor.send({ type: 'vehicle.make', makeId: Number(e.target.value) })}
        >
          <option value="">{makes.length === 0 ? 'No data available' : 'Select a make'}</option>
          {makes.map((make) => (
            <option key={make.key} value={make.key}>
              {make.label}
            </option>
          ))}
        </select>
      </label>
      <label className="block space-y-1">
        <span className={pickerLabelClass}>Model</span>
        <select
          className={pickerFieldClass}
          disabled={picked.makeId === null || loadingModels}
          value={picked.model ?? ''}
          onChange={(e) => e.target.value && actor.send({ type: 'vehicle.model', model: e.target.value })}
        >
          <option value="">
            {picked.makeId !== null && !loadingModels && models.length === 0 ? 'No data available' : 'Select a model'}
          </option>
          {models.map((model) => (
            <option key={model.key} value={model.key}>
              {model.label}
            </option>
          ))}
        </select>
      </label>
      <label className="block space-y-1">
        <span className={pickerLabelClass}>Series</span>
        <select
          className={pickerFieldClass}
          disabled={picked.model === null}
          value={picked.vehicleId ?? ''}
          onChange={(e) => e.target.value && actor.send({ type: 'vehicle.series', vehicleId: Number(e.target.value) })}
        >
          <option value="">
            {picked.model !== null && series.length === 0 ? 'No data available' : 'Select a series'}
          </option>
          {series.map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      {message ? <p className="text-sm text-red-700">{message}</p> : null}
      {incompatible ? (
        <p role="alert" className="rounded bg-amber-50 p-2 text-sm text-amber-900">
          Warning: this wheel does not fit the selected vehicle. Choose another vehicle, or press Next to add it anyway
          without accessories.
        </p>
      ) : null}
      <WizardButtons
        actor={actor}
        canGoBack={canGoBack}
        nextDisabled={message !== null || checking || loadingModels}
        nextLabel={checking ? 'Checking…' : 'Next'}
      />
    </div>
  );
}

/**
 * Which prices the accessories step shows: the counter switch, never more than the account's price display (the
 * cart's). Until the cart has told the account's mode, none.
 */
function useAccessoryPriceMode(): PriceDisplayMode {
  const account = useQuery({ ...cartStateQuery(useApi()), select: (cart) => cart.presentation.priceDisplay }).data;
  return shownPriceMode(account ?? 'Hide', useCounterPriceMode());
}

function accessoryPrice(option: AccessoryOption, mode: PriceDisplayMode): string | null {
  if (mode === 'Trade') return option.subTotal;
  if (mode === 'RRP' && option.rrpSubTotal) return `RRP ${option.rrpSubTotal.formatted}`;
  return null;
}

function AccessoriesStep({ actor }: { actor: WizardActor }) {
  const mode = useAccessoryPriceMode();
  const loading = useSelector(actor, (s) => s.matches({ item: { accessories: 'loading' } }));
  const saving = useSelector(actor, (s) => s.matches({ item: { accessories: 'saving' } }));
  const groups = useSelector(actor, (s) => s.context.groups);
  const chosen = useSelector(actor, (s) => s.context.chosen);
  const editing = useSelector(actor, (s) => s.context.editing !== null);
  if (loading) return <p role="status">Loading accessories…</p>;
  // A required group with nothing to choose cannot be saved (the server refuses it); the line stays to be decided.
  const blocked = groups.some((group) => group.unavailableReason !== null);
  return (
    <div className="space-y-3">
      <h3 className="font-bold">Choose accessories</h3>
      {groups.length === 0 ? <p>No accessories are in stock for this vehicle.</p> : null}
      {groups.map((group) => (
        <fieldset key={group.groupId} className="space-y-1 rounded border border-black/10 p-2">
          <legend className="px-1 text-sm font-bold">{group.name}</legend>
          {group.unavailableReason ? (
            <p role="alert" className="text-sm font-bold text-red-700">
              {group.unavailableReason}
            </p>
          ) : null}
          {group.type === 'SingleSelect' && group.canOptOut ? (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={group.groupId}
                checked={(chosen[group.groupId] ?? []).length === 0}
                onChange={() => actor.send({ type: 'accessories.optOut', groupId: group.groupId })}
              />
              <span>{group.optOutLabel}</span>
              {mode === 'Hide' ? null : <span className="ml-auto">$0.00</span>}
            </label>
          ) : null}
          {group.accessories.map((accessory) => (
            <label key={accessory.id} className="flex items-center gap-2 text-sm">
              <input
                type={group.type === 'SingleSelect' ? 'radio' : 'checkbox'}
                name={group.groupId}
                checked={(chosen[group.groupId] ?? []).includes(accessory.id)}
                onChange={() =>
                  actor.send({ type: 'accessories.choose', groupId: group.groupId, productId: accessory.id })
                }
              />
              <span>
                {accessory.name} × {accessory.quantity}
                {/* Options can share a name; the words say what differs (pack, finish, thread, seat) and what the quantity supplies. */}
                <span className="block text-xs text-black/70">{accessory.description}</span>
                <span className="block text-xs text-black/60">SKU {accessory.sku}</span>
              </span>
              <span className="ml-auto whitespace-nowrap">{accessoryPrice(accessory, mode)}</span>
            </label>
          ))}
        </fieldset>
      ))}
      <WizardButtons
        actor={actor}
        canGoBack
        nextDisabled={saving || blocked}
        nextLabel={saving ? 'Saving…' : editing ? 'Save' : 'Next'}
      />
    </div>
  );
}

function WizardButtons({
  actor,
  canGoBack,
  nextDisabled,
  nextLabel,
}: {
  actor: WizardActor;
  canGoBack: boolean;
  nextDisabled: boolean;
  nextLabel: string;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {canGoBack ? (
        <button type="button" className={buttonClass} onClick={() => actor.send({ type: 'wizard.back' })}>
          Back
        </button>
      ) : null}
      <button type="button" className={buttonClass} onClick={() => actor.send({ type: 'wizard.skip' })}>
        No Accessories Required
      </button>
      <button
        type="button"
        className={`${primaryClass} ml-auto`}
        disabled={nextDisabled}
        onClick={() => actor.send({ type: 'wizard.next' })}
      >
        {nextLabel}
      </button>
    </div>
  );
}

/**
 * The wizard's screens (SPEC.md §2 'Wheel accessories wizard'); `onDone` returns the flyout to the cart, `onClose`
 * closes it.
 */
export function AccessoriesWizard({
  actor,
  onDone,
  onClose,
}: {
  actor: WizardActor;
  onDone: () => void;
  onClose: () => void;
}) {
  const step = useSelector(actor, (s) =>
    s.matches('intro')
      ? 'intro'
      : s.matches({ item: 'vehicle' })
        ? 'vehicle'
        : s.matches({ item: 'accessories' })
          ? 'accessories'
          : s.matches('done')
            ? 'done'
            : s.matches('closed')
              ? 'closed'
              : 'busy',
  );
  const count = useSelector(actor, (s) => s.context.queue.length);
  const position = useSelector(actor, (s) => s.context.index + 1);
  const itemName = useSelector(actor, (s) => currentItem(s.context)?.name ?? '');
  const failed = useSelector(actor, (s) => s.context.failed);
  useEffect(() => {
    if (step === 'done') onDone();
    if (step === 'closed') onClose();
  }, [step, onDone, onClose]);
  if (step === 'done' || step === 'closed') return null;
  if (step === 'intro') {
    return (
      <section aria-label="Wheel accessories" className="space-y-3">
        <h3 className="font-bold">Wheel accessories</h3>
        <p className="text-sm">
          {count} wheel {count === 1 ? 'line needs' : 'lines need'} a vehicle: we check the fitment and offer the nuts,
          locks and other accessories that suit it.
        </p>
        <div className="flex gap-2">
          <button type="button" className={buttonClass} onClick={() => actor.send({ type: 'wizard.skip' })}>
            No Accessories Required
          </button>
          <button
            type="button"
            className={`${primaryClass} ml-auto`}
            onClick={() => actor.send({ type: 'wizard.next' })}
          >
            Next
          </button>
        </div>
      </section>
    );
  }
  return (
    <section aria-label="Wheel accessories" className="space-y-3">
      <p className="text-sm font-bold">
        Item {position} of {count}
      </p>
      <p className="text-sm">{itemName}</p>
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          Something went wrong. Please try again.
        </p>
      ) : null}
      {step === 'vehicle' ? (
        <VehicleStep actor={actor} />
      ) : step === 'accessories' ? (
        <AccessoriesStep actor={actor} />
      ) : (
        <p role="status">Saving…</p>
      )}
    </section>
  );
}
