import { isEmailAddress, MESSAGES, PASSWORD_RULES } from '@oneeta/contracts';

export interface RuleState {
  id: string;
  message: string;
  met: boolean;
}

/** Every password rule of the register form, in order, with whether the password meets it. */
export function passwordChecklist(password: string): RuleState[] {
  return PASSWORD_RULES.map((rule) => ({
    id: rule.id,
    message: rule.message,
    met: rule.test(password),
  }));
}

export interface RegisterInput {
  email: string;
  password: string;
  confirm: string;
}

export interface RegisterCheck {
  emailError?: string;
  /** 'Passwords do not match', shown once the confirmation has been typed. */
  confirmError?: string;
  canSubmit: boolean;
}

/** The register form's validation (doc 1 §5 "Register"). */
export function checkRegister(input: RegisterInput): RegisterCheck {
  // emailSchema's rules without the schema (doc 1 §5): blank is no error yet, else 'Invalid email'.
  const emailValid = isEmailAddress(input.email);
  const emailError = input.email.trim() && !emailValid ? MESSAGES.emailInvalid : undefined;
  const password = checkNewPassword(input);
  return {
    ...(emailError ? { emailError } : {}),
    ...password,
    canSubmit: emailValid && password.canSubmit,
  };
}

/** The login form may be sent once both fields hold something. */
export function canSubmitLogin(email: string, password: string): boolean {
  return email.trim().length > 0 && password.length > 0;
}

export interface NewPasswordInput {
  password: string;
  confirm: string;
}

/**
 * A new password and its confirmation (change password, reset by link): the register form's rules
 * and 'Passwords do not match' once the confirmation has been typed.
 */
export function checkNewPassword(input: NewPasswordInput): Omit<RegisterCheck, 'emailError'> {
  const rulesMet = PASSWORD_RULES.every((rule) => rule.test(input.password));
  const matches = input.password === input.confirm;
  const confirmError = input.confirm && !matches ? MESSAGES.passwordsDoNotMatch : undefined;
  return {
    ...(confirmError ? { confirmError } : {}),
    canSubmit: rulesMet && matches && input.confirm.length > 0,
  };
}
