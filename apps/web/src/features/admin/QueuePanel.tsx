import { ADMIN_QUEUE_LIMIT, format } from '@oneeta/contracts';
import { useQuery } from '@tanstack/react-query';
import { adminQueueQuery, adminRecentEnqueueQuery } from '../../api/admin';
import {
  httpErrorText,
  instantLabel,
  jobTone,
  QUEUE_KEYS_SHOWN,
  queueRows,
  queueState,
  shortId,
} from './admin-logic';
import { num, ScrollTable } from './ScrollTable';
import { ADMIN_SPEC, ADMIN_UI } from './texts';

/**
 * The route queue (doc 2 §2, §4, §9), polled every 5 s: Processing / Stalled / Idle, 50 jobs with
 * their status coloured by keyword, the deduplication keys (up to 200) and the workers. A failed
 * poll is silent: 'Queue info not available' until an answer comes.
 */
export function QueuePanel() {
  const queue = useQuery(adminQueueQuery());
  const keys = useQuery(adminRecentEnqueueQuery());
  const snapshot = queue.data;
  return (
    <section className="card admin-panel">
      <h3 id="admin-queue">{ADMIN_UI.queue}</h3>
      {!snapshot ? (
        <p className="muted">{queue.isPending ? ADMIN_UI.loading : ADMIN_SPEC.queueUnavailable}</p>
      ) : (
        <>
          <dl className="admin-stats">
            <div>
              <dt>{ADMIN_UI.queueState}</dt>
              <dd>
                <span className="admin-queue-state" data-state={queueState(snapshot).toLowerCase()}>
                  {queueState(snapshot)}
                </span>
              </dd>
            </div>
            <div>
              <dt>{ADMIN_UI.queued}</dt>
              <dd>{snapshot.queuedCount}</dd>
            </div>
            <div>
              <dt>{ADMIN_UI.processingCount}</dt>
              <dd>{snapshot.processingCount}</dd>
            </div>
            <div>
              <dt>{ADMIN_UI.oldestQueued}</dt>
              <dd>{instantLabel(snapshot.oldestQueuedAt) || '—'}</dd>
            </div>
          </dl>
          <p className="muted admin-updated" aria-live="off">
            {format(ADMIN_UI.updated, { time: instantLabel(snapshot.generatedAt) })}
          </p>
          <h4>{ADMIN_UI.jobs}</h4>
          {queueRows(snapshot, ADMIN_QUEUE_LIMIT).length === 0 ? (
            <p className="muted">{ADMIN_SPEC.noData}</p>
          ) : (
            <ScrollTable
              label={ADMIN_UI.jobs}
              columns={[
                ADMIN_UI.colJob,
                ADMIN_UI.colSession,
                ADMIN_UI.colStatus,
                num(ADMIN_UI.colAttempts),
                num(ADMIN_UI.colCells),
                ADMIN_UI.colReason,
                ADMIN_UI.colCreated,
              ]}
            >
              <tbody>
                {queueRows(snapshot, ADMIN_QUEUE_LIMIT).map((job) => (
                  <tr key={job.jobId}>
                    <td className="admin-mono" title={job.jobId}>
                      {shortId(job.jobId, 12)}
                    </td>
                    <td className="admin-mono">{job.sessionId ?? ''}</td>
                    <td>
                      <span className="admin-job-status" data-tone={jobTone(job.shownStatus)}>
                        {job.shownStatus}
                      </span>
                    </td>
                    <td className="num">{job.attempts}</td>
                    <td className="num">{job.cells}</td>
                    <td>{job.reason.code}</td>
                    <td>{instantLabel(job.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          )}
          <h4>{ADMIN_UI.workers}</h4>
          {snapshot.workers.length === 0 ? (
            <p className="muted">{ADMIN_UI.noWorkers}</p>
          ) : (
            <ScrollTable
              label={ADMIN_UI.workers}
              columns={[
                ADMIN_UI.colWorker,
                ADMIN_UI.colStatus,
                num(ADMIN_UI.colJobsProcessing),
                ADMIN_UI.colLastSeen,
              ]}
            >
              <tbody>
                {snapshot.workers.map((worker) => (
                  <tr key={worker.workerId}>
                    <th scope="row" className="admin-mono">
                      {worker.workerId}
                    </th>
                    <td>{worker.status}</td>
                    <td className="num">{worker.jobsProcessing}</td>
                    <td>{instantLabel(worker.lastSeen)}</td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          )}
        </>
      )}
      <h4>{ADMIN_UI.keys}</h4>
      {keys.isError ? (
        <p className="notice notice-error" role="alert">
          {httpErrorText(keys.error)}
        </p>
      ) : (keys.data?.items.length ?? 0) === 0 ? (
        <p className="muted">{keys.isPending ? ADMIN_UI.loading : ADMIN_SPEC.noData}</p>
      ) : (
        <ul className="admin-keys" aria-label={ADMIN_UI.keys}>
          {keys.data!.items.slice(0, QUEUE_KEYS_SHOWN).map((item) => (
            <li
              key={item.key}
              className="admin-mono"
              title={item.expiresAt ? instantLabel(item.expiresAt) : ADMIN_UI.heldUntilDone}
            >
              {item.key}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
