import { passwordChecklist } from '../../lib/password';
import { UI } from '../../text';

/** Each password rule with its own message and a met / not met state, updated as the user types. */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  return (
    <ul id={id} className="rules" aria-label={UI.passwordRules}>
      {passwordChecklist(password).map((rule) => (
        <li key={rule.id} className="rule" data-met={rule.met}>
          <span className="rule-icon" aria-hidden="true">
            {rule.met ? '✓' : '○'}
          </span>
          <span>{rule.message}</span>
          <span className="visually-hidden">: {rule.met ? UI.ruleMet : UI.ruleUnmet}</span>
        </li>
      ))}
    </ul>
  );
}
