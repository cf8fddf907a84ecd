import { useId } from 'react';
import { ACCOUNT_INPUTS } from '../../components/account-inputs';
import { TextField } from '../../components/TextField';
import { checkNewPassword } from '../../lib/password';
import { UI } from '../../text';
import { PasswordRules } from './PasswordRules';

/**
 * A new password (with the register rules under it) and its confirmation ('Passwords do not
 * match'): the reset page's and the profile's change-password form's fields.
 */
export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  name = ACCOUNT_INPUTS.password.name,
}: {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  /** The new password input's name ('new-password' beside a current-password input). */
  name?: string;
}) {
  const rulesId = useId();
  const { confirmError } = checkNewPassword({ password, confirm });
  return (
    <>
      <TextField
        label={UI.newPassword}
        {...ACCOUNT_INPUTS.password}
        name={name}
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        aria-describedby={rulesId}
      >
        <PasswordRules id={rulesId} password={password} />
      </TextField>
      <TextField
        label={UI.confirmNewPassword}
        {...ACCOUNT_INPUTS.confirm}
        value={confirm}
        onChange={(event) => onConfirm(event.target.value)}
        error={confirmError}
        errorRole="alert"
      />
    </>
  );
}
