import { formatInZone } from '../../lib/datetime';
import { UI } from '../../text';
import type { PushProblem } from './push-problem';
import { PUSH_TEXT } from './texts';
import { useWebPush } from './use-web-push';

/** The spec's text and, below it, why and what still works. */
function ProblemNotice({ problem, role }: { problem: PushProblem; role: 'status' | 'alert' }) {
  return (
    <div className="notice notice-error profile-push-problem" role={role}>
      <p>{problem.title}</p>
      {problem.detail && <p className="profile-push-problem-detail">{problem.detail}</p>}
    </div>
  );
}

/** Web notifications (doc 1 §2, §4, §7 Push, §8 Push): this device on or off, the devices, a test, remove all. */
export function PushTab() {
  const push = useWebPush();
  const devices = push.devices.data ?? [];
  const busy = push.busy !== null;
  // A test push or a removal with no device would do nothing (and 'Test push sent' would mislead).
  const nothingToDo = devices.length === 0;

  return (
    <div className="profile-panel-body">
      <p className="muted">{PUSH_TEXT.intro}</p>
      {push.unsupported && push.problem === null && (
        <ProblemNotice problem={push.unsupported} role="status" />
      )}
      {push.missingVapidKey && (
        <p className="notice notice-error" role="status">
          {PUSH_TEXT.missingVapidKey}
        </p>
      )}
      {push.permission === 'denied' && push.problem?.title !== PUSH_TEXT.blocked && (
        <p className="notice notice-error" role="status">
          {PUSH_TEXT.blocked}
        </p>
      )}
      {push.problem && <ProblemNotice problem={push.problem} role="alert" />}

      {push.supported && (
        <div className="profile-push-state">
          <p className="profile-push-status" data-on={push.enabled || undefined}>
            <span className="profile-dot" aria-hidden="true" />
            {push.checking ? UI.loading : push.enabled ? PUSH_TEXT.enabled : PUSH_TEXT.disabled}
          </p>
          {push.enabled ? (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => void push.disable()}
            >
              {PUSH_TEXT.disable}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              disabled={
                busy || push.checking || push.missingVapidKey || push.permission === 'denied'
              }
              onClick={() => void push.enable()}
            >
              {PUSH_TEXT.enable}
            </button>
          )}
        </div>
      )}

      <section className="profile-devices" aria-labelledby="profile-devices-title">
        <h2 id="profile-devices-title">{PUSH_TEXT.devicesTitle}</h2>
        {push.devices.isPending ? (
          <p className="muted">{UI.loading}</p>
        ) : push.devices.isError ? (
          <p className="muted">{PUSH_TEXT.listFailed}</p>
        ) : devices.length === 0 ? (
          <p className="muted">{PUSH_TEXT.noDevices}</p>
        ) : (
          <ul className="profile-device-list">
            {devices.map((device) => {
              const seen = formatInZone(device.lastSeen ?? device.updatedAt ?? null, null);
              return (
                <li key={device.endpoint} className="profile-device">
                  <span className="profile-device-name">
                    {device.deviceName || PUSH_TEXT.unknownDevice}
                    {device.endpoint === push.endpoint && (
                      <span className="badge">{PUSH_TEXT.thisDevice}</span>
                    )}
                  </span>
                  {seen && (
                    <span className="muted profile-device-seen">
                      {PUSH_TEXT.lastSeen} {seen}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <div className="profile-row-actions">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy || nothingToDo}
            onClick={() => void push.test()}
          >
            {push.busy === 'test' ? UI.working : PUSH_TEXT.sendTest}
          </button>
          <button
            type="button"
            className="btn btn-ghost profile-danger"
            disabled={busy || nothingToDo}
            onClick={() => void push.removeAll()}
          >
            {PUSH_TEXT.removeAll}
          </button>
        </div>
      </section>
    </div>
  );
}
