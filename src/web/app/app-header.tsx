import { Coffee, LogOut, UserRound } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { sessionMessages } from '#shared/messages.js';
import { useCurrentUser } from '../api/get-session.js';
import { useLogout } from '../features/auth/api/logout.js';
import { lazyNamed } from '../lib/lazy-named.js';
import { mayLeave } from '../lib/unsaved-input.js';

// Loaded when first opened: most visits never open it.
const SessionsDialog = lazyNamed(() => import('../features/sessions/sessions-dialog.js'), 'SessionsDialog');

/**
 * After sign-in: a greeting with full name and role, the sign-out button
 * (docs/product-guide.md#screens) and the profile menu («Mi cuenta» → «Mis sesiones»).
 */
export function AppHeader() {
  const user = useCurrentUser();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const [sessionsOpen, setSessionsOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const firstItem = useRef<HTMLButtonElement>(null);
  // Signing out empties every form: with typed input on screen it asks first, as leaving does.
  const signOut = () => {
    if (mayLeave()) logout.mutate();
  };

  // Open: focus goes to the first item; a click or focus anywhere outside closes it.
  useEffect(() => {
    if (!menuOpen) return;
    firstItem.current?.focus();
    const closeOutside = (event: Event) => {
      if (!menu.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [menuOpen]);

  return (
    <header className="app-header">
      <Brand />
      <p className="app-header__greeting">
        ¡Hola, <strong>{user.full_name}</strong>! <span className="app-header__role">({user.role})</span>
      </p>
      <div className="app-header__actions">
        <div
          className="profile-menu"
          ref={menu}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && menuOpen) {
              setMenuOpen(false);
              menuButton.current?.focus();
            }
          }}
        >
          <button
            ref={menuButton}
            type="button"
            className="btn btn-secondary profile-menu__button"
            aria-expanded={menuOpen}
            aria-controls="perfil-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <ProfileMenuFace />
          </button>
          {menuOpen ? (
            <div id="perfil-menu" className="profile-menu__panel">
              <p className="profile-menu__who">{user.username}</p>
              <button
                ref={firstItem}
                type="button"
                className="profile-menu__item"
                onClick={() => {
                  setMenuOpen(false);
                  setSessionsOpen(true);
                }}
              >
                {sessionMessages.title}
              </button>
            </div>
          ) : null}
        </div>
        <button type="button" className="btn btn-secondary" onClick={signOut} disabled={logout.isPending}>
          <SignOutFace />
        </button>
      </div>
      {sessionsOpen ? (
        <Suspense fallback={null}>
          <SessionsDialog
            onClose={() => {
              setSessionsOpen(false);
              menuButton.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </header>
  );
}

// What the header and its frame (AppHeaderFrame) show alike: the same boxes, so nothing moves when one replaces the other.
function Brand() {
  return (
    <div className="app-header__brand">
      <Coffee aria-hidden="true" size={24} />
      <span>Sistema de Gestión de Café</span>
    </div>
  );
}

// The buttons' names are in a span: on a phone only their icons show (styles.css, the compact header), and the
// names stay what screen readers announce and what finds them ('Mi cuenta', 'Cerrar Sesión').
function ProfileMenuFace() {
  return (
    <>
      <UserRound aria-hidden="true" size={18} />
      <span className="app-header__button-label">{sessionMessages.profileMenu}</span>
    </>
  );
}

function SignOutFace() {
  return (
    <>
      <LogOut aria-hidden="true" size={18} />
      <span className="app-header__button-label">Cerrar Sesión</span>
    </>
  );
}

/**
 * The header in the page frame (page-frame.tsx), before the app runs: the same
 * boxes as AppHeader, so nothing moves when the app replaces it, with the
 * greeting's line kept but empty (who is signed in is not known yet) and the two
 * buttons' place kept but hidden: a button that did nothing until the app ran
 * would be a sign-out that fails to sign out.
 */
export function AppHeaderFrame() {
  return (
    <header className="app-header">
      <Brand />
      <p className="app-header__greeting">{'\u00a0'}</p>
      <div className="app-header__actions app-header__actions--frame">
        <div className="profile-menu">
          <button type="button" className="btn btn-secondary profile-menu__button" aria-expanded={false}>
            <ProfileMenuFace />
          </button>
        </div>
        <button type="button" className="btn btn-secondary">
          <SignOutFace />
        </button>
      </div>
    </header>
  );
}
