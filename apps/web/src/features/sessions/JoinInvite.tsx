import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { resolveInviteInput } from '../../lib/invite-link';
import { SPEC, UI } from '../../text';
import { ChevronIcon } from '../shell/icons';

/**
 * 'Join Session Invite' (collapsible): paste an invite link, or give the session id and the code;
 * goes to the invite page. 'Session id and invite code are required' when either is missing.
 */
export function JoinInvite() {
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState('');
  const [sessionId, setSessionId] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const ids = {
    panel: useId(),
    link: useId(),
    hint: useId(),
    id: useId(),
    code: useId(),
    error: useId(),
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const target = resolveInviteInput({ link, sessionId, code });
    if ('error' in target) {
      setError(target.error);
      return;
    }
    setError(null);
    void navigate({
      to: '/session/$id/invite/$code',
      params: { id: target.sessionId, code: target.code },
    });
  };

  return (
    <section className="card session-section collapsible">
      <h2>
        <button
          type="button"
          className="collapsible-toggle"
          aria-expanded={open}
          aria-controls={ids.panel}
          onClick={() => setOpen((o) => !o)}
        >
          <span>{SPEC.joinSessionInvite}</span>
          <ChevronIcon />
        </button>
      </h2>
      <div id={ids.panel} hidden={!open}>
        <form className="form" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor={ids.link}>{UI.inviteLink}</label>
            <input
              id={ids.link}
              type="text"
              inputMode="url"
              autoComplete="off"
              value={link}
              onChange={(e) => setLink(e.target.value)}
              aria-describedby={ids.hint}
            />
            <p id={ids.hint} className="field-hint">
              {UI.inviteLinkHint}
            </p>
          </div>
          <p className="divider-text">{UI.orEnterCodes}</p>
          <div className="field-row">
            <div className="field">
              <label htmlFor={ids.id}>{UI.sessionId}</label>
              <input
                id={ids.id}
                type="text"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={sessionId}
                onChange={(e) => setSessionId(e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={ids.code}>{UI.inviteCode}</label>
              <input
                id={ids.code}
                type="text"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </div>
          </div>
          {error && (
            <p id={ids.error} className="notice notice-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary">
            {UI.join}
          </button>
        </form>
      </div>
    </section>
  );
}
