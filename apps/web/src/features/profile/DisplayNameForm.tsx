import type { AuthResponse, User } from '@oneeta/contracts';
import { useId, useState, type FormEvent } from 'react';
import { updateMe } from '../../api';
import { errorMessage } from '../../api/client';
import { NAME_INPUT_LIMIT, nameLimitHint } from '../../lib/name-limit';
import { useToast } from '../toast';
import { checkDisplayName } from './phone';
import { PROFILE_TEXT } from './texts';

/** Edit the display name (doc 1 §2, §5 'Name cannot be empty', §7 PATCH /api/auth/me, §8 'Update failed'). */
export function DisplayNameForm({
  user,
  onSaved,
}: {
  user: User;
  onSaved: (answer: AuthResponse) => void;
}) {
  const toast = useToast();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [name, setName] = useState(user.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const unchanged = name.trim() === (user.name ?? '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDisplayName(name);
    if (!checked.ok) return setError(checked.message);
    setError(null);
    setSaving(true);
    try {
      const answer = await updateMe({ name: checked.name });
      onSaved(answer);
      setName(answer.user.name ?? checked.name);
      toast.success(PROFILE_TEXT.nameSaved);
    } catch (failure) {
      setError(errorMessage(failure, PROFILE_TEXT.updateFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="profile-name-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={inputId}>{PROFILE_TEXT.displayNameLabel}</label>
        <div className="profile-name-row">
          <input
            id={inputId}
            autoComplete="name"
            {...NAME_INPUT_LIMIT}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              if (error) setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : hintId}
          />
          <button type="submit" className="btn btn-primary" disabled={saving || unchanged}>
            {saving ? PROFILE_TEXT.saving : PROFILE_TEXT.save}
          </button>
        </div>
        <p className="field-hint" id={hintId}>
          {nameLimitHint(name)}
        </p>
        {error && (
          <p className="field-error" id={errorId} role="alert">
            {error}
          </p>
        )}
      </div>
    </form>
  );
}
