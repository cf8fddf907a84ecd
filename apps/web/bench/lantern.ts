/**
 * `pnpm bench:web --lantern`: what Lighthouse's simulated FCP, LCP and TBT are made of. Lighthouse does
 * not time the page it loaded: Lantern rebuilds the load as a graph (each request after the task
 * that started it, each task after the scripts it ran), keeps the nodes that ended before the
 * observed paint, and replays that graph on a throttled network (slow 4G) and CPU (×4). This
 * prints each kept node with its simulated start and end, so the path that sets the metric shows,
 * and the tasks of the whole simulated load that TBT counts (50 ms or more, after the simulated FCP),
 * each with what it did.
 *
 * It reads Lighthouse's own computed artifacts (not part of its public API; the version is pinned
 * in package.json).
 */
import type { RunnerResult } from 'lighthouse';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';

interface GraphNode {
  type: 'network' | 'cpu';
  request?: { url: string; transferSize: number; priority: string };
  event?: { dur: number };
  childEvents?: {
    name: string;
    dur?: number;
    args?: { data?: { url?: string; functionName?: string } };
  }[];
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, { startTime: number; endTime: number }>;
}
interface Metric {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}
type Computed = { request(data: unknown, context: unknown): Promise<Metric> };

function rows(estimate: Estimate): string[] {
  return [...estimate.nodeTimings]
    .sort(([, a], [, b]) => a.startTime - b.startTime || a.endTime - b.endTime)
    .map(([node, t]) => {
      const what =
        node.type === 'network' && node.request
          ? `${new URL(node.request.url).pathname} (${node.request.transferSize} B, ${node.request.priority})`
          : `task, ${((node.event?.dur ?? 0) / 1000).toFixed(1)} ms observed`;
      return `  ${String(Math.round(t.startTime)).padStart(6)} ${String(Math.round(t.endTime)).padStart(6)}  ${what}`;
    });
}

const TRACKED = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'Layout',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Paint',
  'RunMicrotasks',
  'EventDispatch',
]);

/** What a task did: its main trace events, with their observed ms, largest first. */
function describe(node: GraphNode): string {
  const byName = new Map<string, number>();
  for (const e of node.childEvents ?? []) {
    if (!TRACKED.has(e.name)) continue;
    const url = e.args?.data?.url;
    const key = url
      ? `${e.name} ${new URL(url, 'http://x').pathname.replace(/^.*\//, '')}`
      : e.name;
    byName.set(key, (byName.get(key) ?? 0) + (e.dur ?? 0) / 1000);
  }
  return [...byName]
    .sort(([, a], [, b]) => b - a)
    .slice(0, 4)
    .map(([k, ms]) => `${k} ${ms.toFixed(1)}`)
    .join(', ');
}

/** The tasks that Lantern's simulated TBT counts: over 50 ms simulated, inside [FCP, TTI]. */
function blockingRows(estimate: Estimate, fcpMs: number): string[] {
  return [...estimate.nodeTimings]
    .filter(
      ([node, t]) => node.type === 'cpu' && t.endTime - t.startTime >= 50 && t.endTime > fcpMs,
    )
    .sort(([, a], [, b]) => a.startTime - b.startTime)
    .map(([node, t]) => {
      const blocking = Math.max(0, t.endTime - Math.max(t.startTime, fcpMs) - 50);
      return `  ${String(Math.round(t.startTime)).padStart(6)} ${String(Math.round(t.endTime)).padStart(6)}  blocks ${String(Math.round(blocking)).padStart(3)} ms  (${describe(node)})`;
    });
}

/** The simulated FCP and LCP of one Lighthouse run, node by node, and TBT's tasks (ms from the navigation). */
export async function lanternReport(result: RunnerResult): Promise<string> {
  const artifacts = result.artifacts as unknown as Record<string, unknown>;
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings: result.lhr.configSettings,
    URL: artifacts.URL,
    SourceMaps: [],
    simulator: null,
  };
  const context = { computedCache: new Map() };
  const request = (metric: unknown) => (metric as Computed).request(data, context);
  const fcp = await request(LanternFirstContentfulPaint);
  const lcp = await request(LanternLargestContentfulPaint);
  const tbt = await request(LanternTotalBlockingTime);
  const out: string[] = [];
  for (const [name, m] of [
    ['FCP', fcp],
    ['LCP', lcp],
  ] as const) {
    out.push(`simulated ${name} ${Math.round(m.timing)} ms (start, end, node):`);
    out.push(...rows(m.pessimisticEstimate));
  }
  // Each estimate counts from the other estimate's FCP (Lantern's TotalBlockingTime).
  out.push(
    `simulated TBT ${Math.round(tbt.timing)} ms (half each estimate; start, end, blocking, task):`,
  );
  out.push(` optimistic (from FCP ${Math.round(fcp.pessimisticEstimate.timeInMs)} ms):`);
  out.push(...blockingRows(tbt.optimisticEstimate, fcp.pessimisticEstimate.timeInMs));
  out.push(` pessimistic (from FCP ${Math.round(fcp.optimisticEstimate.timeInMs)} ms):`);
  out.push(...blockingRows(tbt.pessimisticEstimate, fcp.optimisticEstimate.timeInMs));
  return out.join('\n');
}
