import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor } from 'xstate';
import { type QuickOrderContext, isFailed, isReady, quickOrderMachine } from '../../machines/quick-order';
import { QuickOrderPad } from '../../src/web/components/quick-order/quick-order-pad';
import { rowProblem } from '../../src/web/components/quick-order/quick-order-csv';
import { quickOrderModelOptions } from '../model/spec/quick-order';
import { createMachineModel } from '../model/support/model-harness';

/**
 * The same machine as tests/model/quick-order.test.ts, driven through the pad as a buyer drives it: typing into the
 * entry row and Enter, pasting spreadsheet rows, editing and removing rows, the arrow keys and Enter on an ambiguous
 * row's candidates, and the buttons. An event the screen does not offer at that moment (a full pad, no candidates)
 * goes to the actor, which must refuse it as the screen does.
 */
const model = createMachineModel(quickOrderMachine, quickOrderModelOptions);

const contextOf = (actor: AnyActorRef) => actor.getSnapshot().context as QuickOrderContext;
const rowNumber = (actor: AnyActorRef, id: number) => contextOf(actor).rows.findIndex((row) => row.id === id) + 1;
const enabled = (element: HTMLElement | null): element is HTMLElement =>
  element !== null && !(element as HTMLButtonElement).disabled && !(element as HTMLInputElement).readOnly;
const button = (name: string | RegExp) => screen.queryByRole('button', { name });
const listbox = () => screen.queryByRole('listbox');

function paste(target: HTMLElement, text: string) {
  fireEvent.paste(target, { clipboardData: { getData: () => text } });
}

describe('the quick order pad along the quick order machine', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        start: ({ input, inspect, actors }) => {
          const actor = createActor(quickOrderMachine.provide({ actors }), { input, inspect }).start();
          render(<QuickOrderPad actor={actor} />);
          return actor;
        },
        events: {
          'draft.change': (event, actor) => {
            const { query, quantity } = event as unknown as { query: string; quantity: string };
            const item = screen.getByLabelText('New item: SKU, tyre size or wheel code');
            if (!enabled(item)) return void actor.send(event);
            act(() => {
              fireEvent.change(item, { target: { value: query } });
              fireEvent.change(screen.getByLabelText('New quantity'), { target: { value: quantity } });
            });
          },
          'draft.submit': (event, actor) => {
            const quantity = screen.getByLabelText('New quantity');
            if (!enabled(quantity) || actor.getSnapshot().matches('adding')) return void actor.send(event);
            act(() => void fireEvent.keyDown(quantity, { key: 'Enter' }));
          },
          'rows.append': (event, actor) => {
            const { lines } = event as unknown as { lines: { query: string; quantity: string }[] };
            const item = screen.getByLabelText('New item: SKU, tyre size or wheel code');
            if (!enabled(item) || actor.getSnapshot().matches('adding')) return void actor.send(event);
            act(() => paste(item, lines.map((line) => `${line.query}\t${line.quantity}`).join('\n')));
          },
          'row.change': (event, actor) => {
            const { id, quantity } = event as unknown as { id: number; quantity: string };
            const input = screen.queryByLabelText(`Quantity of row ${rowNumber(actor, id)}`);
            if (!enabled(input)) return void actor.send(event);
            act(() => void fireEvent.change(input, { target: { value: quantity } }));
          },
          'row.remove': (event, actor) => {
            const remove = button(`Remove row ${rowNumber(actor, (event as unknown as { id: number }).id)}`);
            if (!enabled(remove)) return void actor.send(event);
            act(() => void fireEvent.click(remove));
          },
          'row.choose': (event, actor) => {
            const list = screen.queryByRole('listbox', {
              name: `Choose a product for row ${rowNumber(actor, (event as unknown as { id: number }).id)}`,
            });
            if (!list || !actor.getSnapshot().matches('editing')) return void actor.send(event);
            act(() => list.focus());
          },
          'candidate.next': (event, actor) => keyOnCandidates(event, actor, 'ArrowDown'),
          'candidate.previous': (event, actor) => keyOnCandidates(event, actor, 'ArrowUp'),
          'candidate.pick': (event, actor) => keyOnCandidates(event, actor, 'Enter'),
          'candidate.cancel': (event, actor) => keyOnCandidates(event, actor, 'Escape'),
          'rows.addAll': (event, actor) => clickOrSend(event, actor, /^Add all to cart/),
          'rows.download': (event, actor) => clickOrSend(event, actor, 'Download rows to correct (CSV)'),
          'rows.clear': (event, actor) => clickOrSend(event, actor, 'Clear all rows'),
          'notice.dismiss': (event, actor) => clickOrSend(event, actor, 'Dismiss'),
        },
        check: (step) => {
          const context = step.state.context as QuickOrderContext;
          const adding = step.state.matches('adding');
          const rows = within(screen.getByRole('table', { name: 'Quick order rows' }))
            .getAllByRole('row')
            .filter((row) => row.getAttribute('aria-label')?.startsWith('Row '));
          expect(rows).toHaveLength(context.rows.length);
          context.rows.forEach((row, index) => {
            const shown = rows[index] as HTMLElement;
            expect(within(shown).getByLabelText(`Item of row ${index + 1}`)).toHaveValue(row.query);
            expect(within(shown).getByLabelText(`Quantity of row ${index + 1}`)).toHaveValue(row.quantity);
            if (context.sending.includes(row.id)) expect(shown).toHaveTextContent('Adding…');
            else if (row.result?.status === 'Added')
              expect(shown).toHaveTextContent(`Added: ${row.result.product.name}`);
            else expect(shown).toHaveTextContent(rowProblem(row) ?? 'Ready');
            const candidates = within(shown).queryByRole('listbox');
            expect(candidates !== null).toBe(row.result?.status === 'Ambiguous' && !context.sending.includes(row.id));
            if (candidates && context.choosing?.rowId === row.id) {
              const options = within(candidates).getAllByRole('option');
              expect(options.map((option) => option.getAttribute('aria-selected'))).toEqual(
                options.map((_, at) => String(at === context.choosing?.highlighted)),
              );
            } else if (candidates) {
              expect(within(candidates).queryByRole('option', { selected: true })).toBeNull();
            }
          });
          const ready = context.rows.filter(isReady).length;
          const addAll = screen.getByRole('button', { name: /^(Add all to cart|Adding…)/ });
          expect(addAll).toHaveTextContent(adding ? 'Adding…' : `Add all to cart${ready > 0 ? ` (${ready})` : ''}`);
          expect(addAll).toHaveProperty('disabled', adding || ready === 0);
          expect(button('Download rows to correct (CSV)')).toHaveProperty(
            'disabled',
            adding || !context.rows.some(isFailed),
          );
          if (context.notice) expect(screen.getByRole('alert')).toHaveTextContent(context.notice);
          else expect(screen.queryByRole('alert')).toBeNull();
          expect(screen.getByLabelText('New item: SKU, tyre size or wheel code')).toHaveValue(context.draft.query);
        },
      });
    });
  }
});

function keyOnCandidates(event: { type: string }, actor: AnyActorRef, key: string) {
  const list = listbox();
  if (!list || !actor.getSnapshot().matches('choosing')) return void actor.send(event);
  act(() => void fireEvent.keyDown(list, { key }));
}

function clickOrSend(event: { type: string }, actor: AnyActorRef, name: string | RegExp) {
  const target = button(name);
  if (!enabled(target)) return void actor.send(event);
  act(() => void fireEvent.click(target));
}
