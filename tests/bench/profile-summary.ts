/**
 * `npx tsx tests/bench/profile-summary.ts <file.cpuprofile> [top]`: the functions a V8 CPU profile (node --cpu-prof,
 * as `npm run bench -- --uncached --cpu-prof DIR` writes) spent the most time in, by self time and by total time
 * (self plus what they called), as shares of the busy (non-idle) samples, counted from the first sample inside a
 * search handler on (so start-up is left out; `--all` counts it too). Prints markdown tables.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { functionName: string; url: string; lineNumber: number };
  readonly children?: number[];
}

interface Profile {
  readonly nodes: ProfileNode[];
  readonly samples: number[];
}

const everything = process.argv.includes('--all');
const [file, topArgument] = process.argv.slice(2).filter((argument) => argument !== '--all');
if (!file) {
  console.error('usage: tsx tests/bench/profile-summary.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArgument ?? 25);
const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const nameOf = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${path.basename(url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : '';
  const packageName = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  return `${functionName || '(anonymous)'} ${packageName ? `[${packageName}] ` : ''}${where}`.trim();
};
const idle = new Set(['(idle)', '(program)', '(garbage collector)']);

const self = new Map<string, number>();
const total = new Map<string, number>();
const stackHas = (id: number, functionName: string) => {
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    if (byId.get(at)?.callFrame.functionName === functionName) return true;
  }
  return false;
};
const firstSearch = everything ? 0 : profile.samples.findIndex((id) => stackHas(id, 'cachedSearch'));
let busy = 0;
let gc = 0;
for (const id of profile.samples.slice(Math.max(0, firstSearch))) {
  const node = byId.get(id);
  if (!node) continue;
  const name = node.callFrame.functionName;
  if (name === '(garbage collector)') gc += 1;
  if (name === '(idle)' || name === '(program)') continue;
  busy += 1;
  if (idle.has(name)) continue;
  const key = nameOf(node);
  self.set(key, (self.get(key) ?? 0) + 1);
  // Each function once per sample, however often it recurs on the stack.
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at);
    if (!frame || idle.has(frame.callFrame.functionName) || frame.callFrame.functionName === '(root)') continue;
    const frameKey = nameOf(frame);
    if (seen.has(frameKey)) continue;
    seen.add(frameKey);
    total.set(frameKey, (total.get(frameKey) ?? 0) + 1);
  }
}

const share = (count: number) => `${((count / Math.max(1, busy)) * 100).toFixed(1)}%`;
const rows = (map: Map<string, number>) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, count]) => `| ${share(count)} | \`${name.replaceAll('|', '\\|')}\` |`);

console.log(`${busy.toLocaleString('en-AU')} busy samples; garbage collection ${share(gc)} of them.\n`);
console.log('By self time:\n\n| share | function |\n|---|---|');
console.log(rows(self).join('\n'));
console.log('\nBy total time (self and callees):\n\n| share | function |\n|---|---|');
console.log(rows(total).join('\n'));
