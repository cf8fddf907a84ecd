import { errorMessage } from '../../api/client';
import { useHealth } from '../../hooks/use-health';
import { formatServerTime, healthText, type HealthState } from '../../lib/health';
import { SPEC, UI } from '../../text';

/** API health: 'checking…', then the server time from GET /api/health, or 'error: {message}'. */
export function HealthIndicator() {
  const health = useHealth();
  const state: HealthState = health.isPending
    ? { status: 'checking' }
    : health.isError
      ? { status: 'error', message: errorMessage(health.error, SPEC.unexpectedHealthResponse) }
      : { status: 'ok', time: health.data.time };
  const text = healthText(state, (iso) => formatServerTime(iso));
  return (
    <p className="health" data-status={state.status} aria-live="polite">
      <span className="health-dot" aria-hidden="true" />
      <span className="health-label">{UI.apiStatus}:</span>{' '}
      {state.status === 'ok' ? (
        <time dateTime={state.time} className="health-text">
          {text}
        </time>
      ) : (
        <span className="health-text">{text}</span>
      )}
    </p>
  );
}
