// Rules of the logged-in user's own settings.
import { badRequest, forbidden, type Principal } from '@airwave/contracts';
import { checkPasswordAgainstUsername } from '../shared/password-rules';
import type { MailMessage } from '../shared/mailer';

/**
 * Only a login session may set a new password (with the current one: handlers.ts), and it may not
 * contain the username (docs/decisions/accounts.md).
 */
export function assertPasswordChangeAllowed(password: string, principal: Pick<Principal, 'via' | 'username'>): void {
  if (principal.via === 'appkey') throw forbidden('App keys may not change the password.');
  const weak = checkPasswordAgainstUsername(password, principal.username);
  if (weak) throw badRequest(`Invalid input: password: ${weak}`);
}

/** The notice mailed to the account's address after its password changed. */
export function passwordChangedNotice(settings: { email: string; username: string }): MailMessage {
  return {
    to: settings.email,
    subject: 'Your Airwave password was changed',
    text: `The password of the Airwave account "${settings.username}" was just changed. If it was not you, ask an administrator to lock the account.\n`,
  };
}
