// The pure rules of the profile's password, data and deletion sections.
import { MESSAGES } from '@oneeta/contracts';

/** The name the downloaded data is saved under. */
export const EXPORT_FILE_NAME = 'oneeta-data.json';

/** The exported data as the file's text: indented JSON, ending with a newline. */
export function exportFileText(data: unknown): string {
  return `${JSON.stringify(data ?? null, null, 2)}\n`;
}

/** Which field of the change-password form a refusal belongs to: the current password's, or the form's. */
export function passwordChangeErrorField(message: string): 'current' | 'form' {
  return message === MESSAGES.currentPasswordWrong || message === MESSAGES.currentPasswordMissing
    ? 'current'
    : 'form';
}

/** Whether the change-password form may be sent: a current password and an acceptable new one. */
export function canChangePassword(currentPassword: string, newPasswordOk: boolean): boolean {
  return currentPassword.length > 0 && newPasswordOk;
}
