import ELK, { type ElkExtendedEdge, type ElkLabel, type ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { describeMachine, stateName } from './machine-structure';

/** What the coverage report marks on a picture: reached in green, never reached dashed red. */
export interface PictureHighlight {
  readonly reachedStates: ReadonlySet<string>;
  readonly reachedTransitions: ReadonlySet<string>;
}

const FONT_SIZE = 12;
/** Monospace advance at 12 px: widths are computed, not measured, so the output is byte-identical everywhere. */
const CHAR_WIDTH = 7.3;
const LINE_HEIGHT = 16;
const STATE_HEIGHT = 36;
const INITIAL_SIZE = 10;
/** Transitions declared on the machine itself apply in every state; they start from this box. */
const ANY_STATE = '(any state)';

function textWidth(text: string): number {
  return Math.ceil(text.length * CHAR_WIDTH);
}

function round(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function edgeLabel(event: string, guard: string | null): string {
  const readable =
    event === 'always'
      ? 'always'
      : event.startsWith('xstate.after.')
        ? `after ${event.slice('xstate.after.'.length)}`
        : event.startsWith('xstate.done.actor.')
          ? `done ${event.slice('xstate.done.actor.'.length)}`
          : event.startsWith('xstate.error.actor.')
            ? `error ${event.slice('xstate.error.actor.'.length)}`
            : event;
  return guard ? `${readable} [${guard}]` : readable;
}

function nodeId(node: AnyStateNode): string {
  return `s:${node.id}`;
}

function initialId(node: AnyStateNode): string {
  return `i:${node.id}`;
}

interface EdgeMeta {
  readonly transition: string;
  readonly initial: boolean;
}

function buildGraph(machine: AnyStateMachine): { graph: ElkNode; edges: Map<string, EdgeMeta> } {
  const structure = describeMachine(machine);
  const edges = new Map<string, EdgeMeta>();
  const elkEdges: ElkExtendedEdge[] = [];

  const children = (node: AnyStateNode): ElkNode[] => {
    const nested = Object.values(node.states) as AnyStateNode[];
    const result: ElkNode[] = [];
    const initialTarget = node.initial?.target?.[0];
    if (nested.length > 0 && initialTarget) {
      result.push({ id: initialId(node), width: INITIAL_SIZE, height: INITIAL_SIZE });
      const id = `init:${node.id}`;
      edges.set(id, { transition: '', initial: true });
      elkEdges.push({ id, sources: [initialId(node)], targets: [nodeId(initialTarget)] });
    }
    for (const child of nested) {
      const grandChildren = children(child);
      const labelWidth = textWidth(child.key) + 24;
      result.push(
        grandChildren.length
          ? {
              id: nodeId(child),
              children: grandChildren,
              layoutOptions: {
                'elk.padding': `[top=${LINE_HEIGHT + 20},left=16,bottom=16,right=16]`,
                'elk.nodeSize.constraints': 'MINIMUM_SIZE',
                'elk.nodeSize.minimum': `(${labelWidth}, ${STATE_HEIGHT})`,
              },
            }
          : { id: nodeId(child), width: Math.max(labelWidth, 80), height: STATE_HEIGHT },
      );
    }
    return result;
  };

  const byName = new Map<string, AnyStateNode>();
  const visit = (node: AnyStateNode) => {
    byName.set(stateName(node), node);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);

  structure.transitions.forEach((transition, index) => {
    const source = byName.get(transition.source);
    if (!source) return;
    const targets = transition.targets.length ? transition.targets : [transition.source];
    targets.forEach((targetName, targetIndex) => {
      const target = byName.get(targetName);
      if (!target) return;
      const id = `t:${index}:${targetIndex}`;
      const text = edgeLabel(transition.event, transition.guard);
      edges.set(id, { transition: transition.name, initial: false });
      const label: ElkLabel = { id: `${id}:label`, text, width: textWidth(text) + 8, height: LINE_HEIGHT };
      elkEdges.push({ id, sources: [nodeId(source)], targets: [nodeId(target)], labels: [label] });
    });
  });

  const rootChildren = children(machine.root);
  if (structure.transitions.some((transition) => transition.source === stateName(machine.root))) {
    rootChildren.unshift({ id: nodeId(machine.root), width: textWidth(ANY_STATE) + 24, height: STATE_HEIGHT });
  }

  const graph: ElkNode = {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.spacing.nodeNode': '36',
      'elk.spacing.edgeLabel': '4',
      'elk.spacing.edgeNode': '16',
      'elk.padding': '[top=48,left=24,bottom=24,right=24]',
      'elk.randomSeed': '1',
    },
    children: rootChildren,
    edges: elkEdges,
  };
  return { graph, edges };
}

interface Offset {
  readonly x: number;
  readonly y: number;
}

/** Absolute positions of every laid-out node (ELK gives them relative to their parent). */
function absolutePositions(root: ElkNode): Map<string, Offset & { node: ElkNode; depth: number }> {
  const positions = new Map<string, Offset & { node: ElkNode; depth: number }>();
  const walk = (node: ElkNode, parent: Offset, depth: number) => {
    const x = parent.x + (node.x ?? 0);
    const y = parent.y + (node.y ?? 0);
    positions.set(node.id, { x, y, node, depth });
    for (const child of node.children ?? []) walk(child, { x, y }, depth + 1);
  };
  walk(root, { x: -(root.x ?? 0), y: -(root.y ?? 0) }, 0);
  return positions;
}

function collectEdges(node: ElkNode): ElkExtendedEdge[] {
  return [...(node.edges ?? []), ...(node.children ?? []).flatMap(collectEdges)];
}

/**
 * A machine as a self-contained SVG: states and nested states (compound boxes), initial markers, and every
 * transition with its event, guard or delay, laid out by ELK. Same machine in → same bytes out.
 */
export async function renderMachinePicture(machine: AnyStateMachine, highlight?: PictureHighlight): Promise<string> {
  const { graph, edges } = buildGraph(machine);
  const elk = new ELK();
  const laidOut = await elk.layout(graph);
  const positions = absolutePositions(laidOut);
  const width = (laidOut.width ?? 0) + 0;
  const height = (laidOut.height ?? 0) + 0;

  const stateShapes: string[] = [];
  const initialShapes: string[] = [];
  const ordered = [...positions.values()].filter(({ node }) => node.id !== 'root').sort((a, b) => a.depth - b.depth);
  for (const { x, y, node } of ordered) {
    if (node.id.startsWith('i:')) {
      initialShapes.push(
        `<circle class="initial" cx="${round(x + INITIAL_SIZE / 2)}" cy="${round(y + INITIAL_SIZE / 2)}" r="${INITIAL_SIZE / 2}"/>`,
      );
      continue;
    }
    const stateNode = machine.getStateNodeById(node.id.slice(2));
    const name = stateName(stateNode);
    const label = stateNode.path.length === 0 ? ANY_STATE : stateNode.key;
    const compound = (node.children ?? []).length > 0;
    const status = highlight ? (highlight.reachedStates.has(name) ? ' reached' : ' missed') : '';
    const kind =
      (stateNode.type === 'final' ? ' final' : compound ? ' compound' : '') +
      (stateNode.parent?.type === 'parallel' ? ' region' : '');
    const textX = compound ? x + 12 : x + (node.width ?? 0) / 2;
    const textY = compound ? y + LINE_HEIGHT + 4 : y + (node.height ?? 0) / 2 + FONT_SIZE / 3;
    stateShapes.push(
      `<g class="state${kind}${status}" data-state="${escapeXml(name)}"><title>${escapeXml(name)}</title>` +
        `<rect x="${round(x)}" y="${round(y)}" width="${round(node.width ?? 0)}" height="${round(node.height ?? 0)}" rx="8"/>` +
        `<text x="${round(textX)}" y="${round(textY)}"${compound ? '' : ' text-anchor="middle"'}>${escapeXml(label)}</text></g>`,
    );
  }

  const edgeShapes: string[] = [];
  for (const edge of collectEdges(laidOut)) {
    const meta = edges.get(edge.id);
    if (!meta) continue;
    const origin = positions.get(edge.container ?? 'root') ?? { x: 0, y: 0 };
    const points = (edge.sections ?? []).flatMap((section) => [
      section.startPoint,
      ...(section.bendPoints ?? []),
      section.endPoint,
    ]);
    if (points.length === 0) continue;
    const d = points
      .map((point, index) => `${index === 0 ? 'M' : 'L'}${round(origin.x + point.x)} ${round(origin.y + point.y)}`)
      .join(' ');
    const status =
      highlight && !meta.initial ? (highlight.reachedTransitions.has(meta.transition) ? ' reached' : ' missed') : '';
    const labels = (edge.labels ?? [])
      .map(
        (label) =>
          `<rect class="label-bg" x="${round(origin.x + (label.x ?? 0))}" y="${round(origin.y + (label.y ?? 0))}" width="${round(label.width ?? 0)}" height="${round(label.height ?? 0)}" rx="3"/>` +
          `<text x="${round(origin.x + (label.x ?? 0) + (label.width ?? 0) / 2)}" y="${round(origin.y + (label.y ?? 0) + FONT_SIZE)}" text-anchor="middle">${escapeXml(label.text ?? '')}</text>`,
      )
      .join('');
    edgeShapes.push(
      meta.initial
        ? `<path class="initial-edge" d="${d}" marker-end="url(#arrow)"/>`
        : `<g class="transition${status}" data-transition="${escapeXml(meta.transition)}"><title>${escapeXml(meta.transition)}</title><path d="${d}" marker-end="url(#arrow)"/>${labels}</g>`,
    );
  }

  const title = `${machine.id} statechart`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${round(width)} ${round(height)}" width="${round(width)}" height="${round(height)}" role="img" aria-label="${escapeXml(title)}" data-machine="${escapeXml(machine.id)}">
<title>${escapeXml(title)}</title>
<style>
text{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:${FONT_SIZE}px;fill:#1f2937}
.state rect{fill:#f8fafc;stroke:#475569;stroke-width:1.5}
.state.compound rect{fill:#eef2ff;fill-opacity:.45}
.state.compound>text{font-weight:bold}
.state.final rect{stroke-width:3}
.state.region>rect{stroke-dasharray:6 4}
.state.active rect{fill:#fef3c7;stroke:#b45309;stroke-width:3}
.initial{fill:#1f2937}
.initial-edge,.transition path{fill:none;stroke:#64748b;stroke-width:1.3}
.label-bg{fill:#fff;fill-opacity:.9}
.transition text{font-size:11px;fill:#334155}
.reached rect,.transition.reached path{stroke:#047857}
.transition.reached text{fill:#047857}
.missed rect,.transition.missed path{stroke:#b91c1c;stroke-dasharray:5 3}
.transition.missed text{fill:#b91c1c}
</style>
<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#64748b"/></marker></defs>
<text x="24" y="28" font-weight="bold">${escapeXml(machine.id)}</text>
${stateShapes.join('\n')}
${initialShapes.join('\n')}
${edgeShapes.join('\n')}
</svg>
`;
}
