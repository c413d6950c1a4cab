import { ACCOUNT_TEXT } from '../../../../../common/account.js';
import { useLogout } from '../../../lib/session.js';
import { useLeaveAccount } from './leave-account.js';

export function SignOutSection() {
  const logout = useLogout();
  const leave = useLeaveAccount();
  return (
    <section id="sign-out" className="card account-section" aria-labelledby="sign-out-title">
      <h2 id="sign-out-title">{ACCOUNT_TEXT.signOutHeading}</h2>
      <button
        type="button"
        className="button button-quiet"
        onClick={async () => {
          leave('/');
          await logout();
        }}
      >
        {ACCOUNT_TEXT.signOut}
      </button>
    </section>
  );
}
