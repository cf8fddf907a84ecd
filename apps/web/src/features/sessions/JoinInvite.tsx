import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { TextField } from '../../components/TextField';
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
  const panelId = useId();

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
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <span>{SPEC.joinSessionInvite}</span>
          <ChevronIcon />
        </button>
      </h2>
      <div id={panelId} hidden={!open}>
        <form className="form" onSubmit={onSubmit} noValidate>
          <TextField
            label={UI.inviteLink}
            hint={UI.inviteLinkHint}
            type="text"
            inputMode="url"
            autoComplete="off"
            value={link}
            onChange={(e) => setLink(e.target.value)}
          />
          <p className="divider-text">{UI.orEnterCodes}</p>
          <div className="field-row">
            <TextField
              label={UI.sessionId}
              type="text"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={sessionId}
              onChange={(e) => setSessionId(e.target.value)}
            />
            <TextField
              label={UI.inviteCode}
              type="text"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </div>
          {error && (
            <p className="notice notice-error" role="alert">
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
