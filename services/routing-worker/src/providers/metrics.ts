import client from 'prom-client';

/** The worker's Prometheus metrics, registered on the app's /metrics registry. */
export function createWorkerMetrics(registry: client.Registry) {
  const registers = [registry];
  return {
    jobs: new client.Counter({
      name: 'routing_jobs_total',
      help: 'Route-matrix jobs finished, by outcome',
      labelNames: ['outcome'],
      registers,
    }),
    active: new client.Gauge({
      name: 'routing_jobs_active',
      help: 'Route-matrix jobs running in this process',
      registers,
    }),
    jobDuration: new client.Histogram({
      name: 'routing_job_duration_seconds',
      help: 'Time to run one route-matrix job',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    cells: new client.Counter({
      name: 'routing_cells_total',
      help: 'Travel cells answered, by source (cache, provider, peer), and travel times dead-reckoned without a cell (reckoned)',
      labelNames: ['source'],
      registers,
    }),
    etaDecisions: new client.Counter({
      name: 'routing_eta_decisions_total',
      help: 'Cost-policy decisions per participant: reckon, or the reason the provider was asked (first, failed, route, deviation, max_age, bucket, leave_by, fill)',
      labelNames: ['decision'],
      registers,
    }),
    published: new client.Counter({
      name: 'routing_published_total',
      help: 'Jobs by whether they published travel.computed (published, unchanged)',
      labelNames: ['result'],
      registers,
    }),
    providerCalls: new client.Counter({
      name: 'routing_provider_calls_total',
      help: 'Matrix calls sent to the maps provider',
      labelNames: ['strategy'],
      registers,
    }),
    transactions: new client.Counter({
      name: 'routing_provider_transactions_total',
      help: 'Billable transactions (ceil(cells / 4) per call)',
      registers,
    }),
    suggestionJobs: new client.Counter({
      name: 'routing_suggestion_jobs_total',
      help: 'Suggestion-matrix jobs finished, by outcome (computed, all_cached, no_origins, gone, failed)',
      labelNames: ['outcome'],
      registers,
    }),
    providerLatency: new client.Histogram({
      name: 'routing_provider_latency_seconds',
      help: 'Latency of one provider matrix call',
      buckets: [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
  };
}
export type WorkerMetrics = ReturnType<typeof createWorkerMetrics>;
