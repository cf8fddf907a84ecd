/**
 * `pnpm bench:web --lantern`: what Lighthouse's simulated FCP and LCP are made of. Lighthouse does
 * not time the page it loaded: Lantern rebuilds the load as a graph (each request after the task
 * that started it, each task after the scripts it ran), keeps the nodes that ended before the
 * observed paint, and replays that graph on a throttled network (slow 4G) and CPU (×4). This
 * prints each kept node with its simulated start and end, so the path that sets the metric shows.
 *
 * It reads Lighthouse's own computed artifacts (not part of its public API; the version is pinned
 * in package.json).
 */
import type { RunnerResult } from 'lighthouse';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

interface GraphNode {
  type: 'network' | 'cpu';
  request?: { url: string; transferSize: number; priority: string };
  event?: { dur: number };
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, { startTime: number; endTime: number }>;
}
interface Metric {
  timing: number;
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

/** The simulated FCP and LCP of one Lighthouse run, node by node (ms from the navigation). */
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
  const out: string[] = [];
  const metrics: [string, Computed][] = [
    ['FCP', LanternFirstContentfulPaint as unknown as Computed],
    ['LCP', LanternLargestContentfulPaint as unknown as Computed],
  ];
  for (const [name, metric] of metrics) {
    const m = await metric.request(data, context);
    out.push(`simulated ${name} ${Math.round(m.timing)} ms (start, end, node):`);
    out.push(...rows(m.pessimisticEstimate));
  }
  return out.join('\n');
}
