// The layers of docs/architecture.md, as a lint rule: each layer names the layers it may import from, and an import
// is judged by the file it resolves to, so a relative path of any depth, a re-export or a dynamic import is caught.
import { dirname, relative, resolve, sep } from 'node:path';

const root = dirname(dirname(new URL(import.meta.url).pathname));

/** Layer → the layers its files may import. A layer not listed here (tests, scripts, configs) may import any. */
export const LAYERS = {
  'src/contract': ['src/contract', 'src/domain'],
  'src/domain': ['src/domain', 'src/contract'],
  machines: ['machines', 'src/contract', 'src/domain'],
  'src/web': ['src/web', 'src/contract', 'src/domain', 'machines'],
  'src/server': ['src/server', 'src/contract', 'src/domain', 'machines'],
};

/** Layers whose code also runs in the browser, so Node's own modules are out of reach. */
const SHARED_WITH_BROWSER = new Set(['src/contract', 'src/domain', 'machines', 'src/web']);

function layerOf(file) {
  const path = relative(root, file).split(sep).join('/');
  return Object.keys(LAYERS).find((layer) => path === layer || path.startsWith(`${layer}/`)) ?? null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const importLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'Layers import downward only (docs/architecture.md, "Layers").' },
    schema: [],
    messages: {
      upward:
        '{{from}} may not import {{to}} ({{target}}): layers import downward only (docs/architecture.md, "Layers").',
      nodeBuiltin: '{{from}} runs in the browser too: no Node module ({{target}}).',
    },
  },
  create(context) {
    const from = layerOf(context.filename);
    if (from === null) return {};
    const check = (source) => {
      if (source === null || source === undefined || source.type !== 'Literal' || typeof source.value !== 'string') {
        return;
      }
      const target = source.value;
      if (target.startsWith('node:')) {
        if (SHARED_WITH_BROWSER.has(from))
          context.report({ node: source, messageId: 'nodeBuiltin', data: { from, target } });
        return;
      }
      if (!target.startsWith('.') && !target.startsWith('/')) return;
      const to = layerOf(resolve(dirname(context.filename), target));
      if (to === null || LAYERS[from].includes(to)) return;
      context.report({ node: source, messageId: 'upward', data: { from, to, target } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
