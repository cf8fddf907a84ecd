import { useId, useState, type FormEvent } from 'react';
import { ACCOUNT_INPUTS } from '../../components/account-inputs';
import { TextField } from '../../components/TextField';
import { nameLimitHint } from '../../lib/name-limit';
import { ProblemNotice } from './ProblemNotice';
import { INVITE_SPEC, INVITE_UI } from './texts';
import type { InviteFlow } from './use-invite-flow';

/** Signed out: register and accept in one go (the invite-page register, doc 1 §5 "Register"). */
export function RegisterAndAccept({ email, flow }: { email: string; flow: InviteFlow }) {
  const titleId = useId();
  const [values, setValues] = useState({ email, password: '', name: '' });
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const canSubmit = !flow.busy && values.email.trim() !== '' && values.password !== '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    flow.registerAndAccept({
      email: values.email.trim(),
      password: values.password,
      name: values.name.trim() || null,
    });
  };

  return (
    <section className="invite-register" aria-labelledby={titleId}>
      <h2 id={titleId} className="invite-register-title">
        {INVITE_UI.registerTitle}
      </h2>
      {flow.problem?.source === 'register' && <ProblemNotice problem={flow.problem} />}
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={INVITE_UI.email}
          {...ACCOUNT_INPUTS.email}
          value={values.email}
          onChange={set('email')}
        />
        <TextField
          label={INVITE_UI.password}
          {...ACCOUNT_INPUTS.password}
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          hint={INVITE_SPEC.passwordHint}
        />
        <TextField
          label={INVITE_UI.nameOptional}
          {...ACCOUNT_INPUTS.name}
          value={values.name}
          onChange={set('name')}
          hint={nameLimitHint(values.name)}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={!canSubmit}>
          {flow.phase === 'registering' ? INVITE_UI.registering : INVITE_UI.registerAndAccept}
        </button>
      </form>
    </section>
  );
}
