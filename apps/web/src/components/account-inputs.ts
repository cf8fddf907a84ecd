import { NAME_MAX_CHARS } from '@oneeta/contracts';

/**
 * The inputs of the account forms (sign in, register, register-and-accept): type, name, whether
 * required, and the autocomplete hint password managers go by. Spread into a TextField.
 */
export const ACCOUNT_INPUTS = {
  email: { type: 'email', name: 'email', autoComplete: 'email', required: true },
  /** autoComplete is 'new-password' or 'current-password', by form. */
  password: { type: 'password', name: 'password', required: true },
  confirm: { type: 'password', name: 'confirm', autoComplete: 'new-password', required: true },
  name: { type: 'text', name: 'name', autoComplete: 'name', maxLength: NAME_MAX_CHARS },
} as const;
