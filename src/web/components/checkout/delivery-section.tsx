import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import type { CheckoutData, ShippingMethod } from '../../../contract/checkout';
import { type ShippingInput, isFreeOption, shippingMachine, visibleMethods } from '../../../../machines/shipping';
import { formatAud } from '../../../domain/money';
import { useStoreCheckoutData } from '../../api/queries/checkout';
import { actorOptions } from '../../dev/actor-options';
import { useApi } from '../../session/session-context';
import { CheckoutSection } from './checkout-section';

export function useShippingActor(input: ShippingInput) {
  const api = useApi();
  const store = useStoreCheckoutData();
  return useActorRef(
    shippingMachine.provide({
      actors: {
        saveShippingMethod: fromPromise(async ({ input: choice }) => {
          try {
            return store(await api.call('checkoutShippingMethod', { body: choice })).shippingMethods;
          } catch (error) {
            // SPEC.md §8: other checkout call errors are only logged; the machine returns to the confirmed method.
            console.warn('Checkout/ShippingMethod failed', error);
            throw error;
          }
        }),
      },
    }),
    { ...actorOptions('shipping'), input },
  );
}

export type ShippingActor = ActorRefFrom<typeof shippingMachine>;

function daysText(days: number): string {
  return `${days} business ${days === 1 ? 'day' : 'days'}`;
}

/** What a free option says beside its toggle: the saving (2 decimals) and, for free bulk, each warehouse's delivery. */
function FreeOptionDetails({ method }: { method: ShippingMethod }) {
  return (
    <div className="mt-1 space-y-1 pl-7 text-xs text-black/70">
      {method.amountSaved > 0 ? (
        <p className="font-bold text-green-800">You save {formatAud(method.amountSaved)}</p>
      ) : null}
      {method.bulkDeliveryInfos.length > 0 ? (
        <ul aria-label={`${method.name} deliveries`}>
          {method.bulkDeliveryInfos.map((info) => (
            <li key={info.warehouseName}>
              {info.quantity} from {info.warehouseName}, delivered in {daysText(info.days)}
            </li>
          ))}
        </ul>
      ) : null}
      {method.regionalBulkDeliveryInfos.map((info) => (
        <p key={info.days}>Regional delivery in {daysText(info.days)}</p>
      ))}
    </div>
  );
}

export function ShippingChoices({ actor }: { actor: ShippingActor }) {
  const methods = useSelector(actor, (snapshot) => visibleMethods(snapshot.context));
  const selected = useSelector(actor, (snapshot) => snapshot.context.selected);
  const saving = useSelector(actor, (snapshot) => snapshot.matches('saving'));
  if (methods.length === 0) return <p className="text-sm">No shipping method is available for this address.</p>;
  return (
    <fieldset aria-busy={saving} className="space-y-2">
      <legend className="mb-1 text-sm font-bold">Shipping method</legend>
      {methods.map((method) => {
        const systemName = method.shippingRateComputationMethodSystemName;
        const free = isFreeOption(systemName);
        const choose = () => actor.send({ type: 'shipping.choose', systemName });
        return (
          <div key={systemName} className="rounded border border-black/10 p-2">
            <label className="flex cursor-pointer items-center gap-3 text-sm">
              <input
                type={free ? 'checkbox' : 'radio'}
                name={free ? undefined : 'shipping-method'}
                className="h-4 w-4 accent-brand"
                checked={selected === systemName}
                disabled={saving}
                onChange={choose}
              />
              <span className="flex-1">{method.name}</span>
              <span className="font-bold">{method.fee}</span>
            </label>
            {free ? <FreeOptionDetails method={method} /> : null}
          </div>
        );
      })}
    </fieldset>
  );
}

/** Delivery (SPEC.md §2, §4 'Shipping'): the account's address and the shipping methods per machines/shipping. */
export function DeliverySection({ data }: { data: CheckoutData }) {
  const actor = useShippingActor({ methods: data.shippingMethods });
  useEffect(() => {
    actor.send({ type: 'shipping.loaded', methods: data.shippingMethods });
  }, [actor, data.shippingMethods]);
  const { address } = data;
  return (
    <CheckoutSection title="Delivery">
      <div className="grid gap-4 md:grid-cols-2">
        <address className="text-sm not-italic">
          <span className="block font-bold">Deliver to</span>
          <span className="block">{address.address1}</span>
          <span className="block">
            {address.city} {address.state} {address.zipPostalCode}
          </span>
        </address>
        <ShippingChoices actor={actor} />
      </div>
      {data.warehouseShippings.length > 0 ? (
        <table className="mt-4 w-full text-left text-xs">
          <caption className="mb-1 text-left text-sm font-bold">Shipping per warehouse</caption>
          <thead>
            <tr className="border-b border-black/10">
              <th className="py-1 font-semibold">Warehouse</th>
              <th className="py-1 font-semibold">SKU</th>
              <th className="py-1 font-semibold">Quantity</th>
              <th className="py-1 text-right font-semibold">Cost</th>
            </tr>
          </thead>
          <tbody>
            {data.warehouseShippings.map((shipping) => (
              <tr key={`${shipping.warehouseName}-${shipping.sku}`} className="border-b border-black/5">
                <td className="py-1">{shipping.warehouseName}</td>
                <td className="py-1">{shipping.sku}</td>
                <td className="py-1">{shipping.quantity}</td>
                <td className="py-1 text-right">{shipping.cost.formatted}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </CheckoutSection>
  );
}
