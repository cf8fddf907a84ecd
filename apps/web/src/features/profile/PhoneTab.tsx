import type { PhoneState, User } from '@oneeta/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { removePhone, startPhoneVerification, verifyPhone } from '../../api';
import { errorMessage } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { TextField } from '../../components/TextField';
import { useToken } from '../../hooks/use-token';
import { checkPhoneCode, checkPhoneStart, phoneErrorPlacement } from './phone';
import { PHONE_TEXT } from './texts';

/** SMS cannot be sent yet (doc 1 §1, §2): the flow below is wired, its controls disabled. */
export const SMS_AVAILABLE = false;

type FieldKey = 'phone' | 'consent' | 'code';
type Problem = { field: FieldKey; message: string } | { field: 'banner'; message: string };

/**
 * Phone verification (doc 1 §2, §4, §5, §7): start with a number and consent, verify with the code,
 * remove. Errors about the phone, the code or invalid input show under the field; others as a banner.
 */
export function PhoneTab({ user }: { user: User }) {
  const token = useToken();
  const queryClient = useQueryClient();
  const base = useId();
  const [phone, setPhone] = useState(user.phoneNumber ?? '');
  const [consent, setConsent] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const awaitingCode = user.phoneNumber !== null && !user.phoneVerified;
  const id = (field: string) => `${base}-${field}`;

  const apply = (state: PhoneState) =>
    queryClient.setQueryData<User | null>(queryKeys.me(token), (current) =>
      current ? { ...current, ...state } : current,
    );

  const fail = (error: unknown, fallback: string, field: FieldKey) => {
    const message = errorMessage(error, fallback);
    setProblem(
      phoneErrorPlacement(message) === 'field' ? { field, message } : { field: 'banner', message },
    );
  };

  const run = async (action: () => Promise<PhoneState>, fallback: string, field: FieldKey) => {
    setBusy(true);
    setProblem(null);
    try {
      apply(await action());
      return true;
    } catch (error) {
      fail(error, fallback, field);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const start = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPhoneStart(phone, consent);
    if (!checked.ok) return setProblem({ field: checked.field, message: checked.message });
    const ok = await run(
      () => startPhoneVerification(checked.phone, true),
      PHONE_TEXT.startFailed,
      'phone',
    );
    if (ok) setPhone(checked.phone);
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPhoneCode(code);
    if (!checked.ok) return setProblem({ field: 'code', message: checked.message });
    if (await run(() => verifyPhone(checked.code), PHONE_TEXT.verifyFailed, 'code')) setCode('');
  };

  const remove = async () => {
    if (await run(removePhone, PHONE_TEXT.removeFailed, 'phone')) {
      setPhone('');
      setConsent(false);
    }
  };

  const errorOf = (field: FieldKey) => (problem?.field === field ? problem.message : undefined);
  const errorFor = (field: FieldKey) =>
    problem?.field === field ? (
      <p className="field-error" id={id(`${field}-error`)}>
        {problem.message}
      </p>
    ) : null;
  const invalid = (field: FieldKey) => (problem?.field === field ? true : undefined);
  const describedBy = (field: FieldKey) =>
    problem?.field === field ? id(`${field}-error`) : undefined;

  return (
    <div className="profile-panel-body">
      <p className="notice notice-info" role="note">
        {PHONE_TEXT.smsUnavailable}
      </p>
      <p className="profile-phone-status">
        {user.phoneNumber ? (
          <>
            <span className="profile-phone-number">{user.phoneNumber}</span>{' '}
            <span className="badge" data-status={user.phoneVerified ? 'open' : undefined}>
              {user.phoneVerified ? PHONE_TEXT.verified : PHONE_TEXT.pending}
            </span>
          </>
        ) : (
          <span className="muted">{PHONE_TEXT.none}</span>
        )}
      </p>
      {problem?.field === 'banner' && (
        <p className="notice notice-error" role="alert">
          {problem.message}
        </p>
      )}
      <fieldset className="profile-fieldset" disabled={!SMS_AVAILABLE || busy}>
        <form className="form" noValidate onSubmit={(event) => void start(event)}>
          <TextField
            label={PHONE_TEXT.phoneLabel}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder={PHONE_TEXT.phonePlaceholder}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            error={errorOf('phone')}
          />
          <div className="field">
            <label className="profile-check">
              <input
                type="checkbox"
                checked={consent}
                onChange={(event) => setConsent(event.target.checked)}
                aria-invalid={invalid('consent')}
                aria-describedby={describedBy('consent')}
              />
              <span>{PHONE_TEXT.consentLabel}</span>
            </label>
            {errorFor('consent')}
          </div>
          <div className="profile-row-actions">
            <button type="submit" className="btn btn-primary">
              {PHONE_TEXT.sendCode}
            </button>
            {user.phoneNumber && (
              <button type="button" className="btn btn-secondary" onClick={() => void remove()}>
                {PHONE_TEXT.remove}
              </button>
            )}
          </div>
        </form>
        {(awaitingCode || !SMS_AVAILABLE) && (
          <form
            className="form profile-code-form"
            noValidate
            onSubmit={(event) => void verify(event)}
          >
            <TextField
              label={PHONE_TEXT.codeLabel}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={errorOf('code')}
            />
            <div className="profile-row-actions">
              <button type="submit" className="btn btn-secondary">
                {PHONE_TEXT.verify}
              </button>
            </div>
          </form>
        )}
      </fieldset>
    </div>
  );
}
