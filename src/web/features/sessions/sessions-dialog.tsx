import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '#shared/format.js';
import { sessionMessages as m } from '#shared/messages.js';
import type { Session } from '#shared/schemas/sessions.js';
import { confirmAction } from '#web/lib/confirm.js';
import { FormAlert } from '#web/components/form-alert.js';
import { LoadingText } from '#web/components/loading-text.js';
import { useToast } from '#web/lib/use-toast.js';
import { ApiError, isSessionLost } from '#web/lib/api-client.js';
import { useEndMyOtherSessions, useEndMySession } from './api/end-sessions.js';
import { useMySessions } from './api/get-my-sessions.js';
import './sessions.css';

export interface SessionsDialogProps {
  /** Called when the dialog closes (Volver, Escape): the header unmounts it. */
  onClose: () => void;
}

/** What went wrong, in the server's words when it explains (404: already closed), else ours. */
const failureText = (error: unknown) => (error instanceof ApiError && (error.isUserError || error.status === 404) ? error.message : m.endError);

/**
 * «Mis sesiones», from the header's profile menu: every device with the user's
 * session open, this one marked, each other one with «Cerrar sesión», and
 * «Cerrar las demás sesiones». A native modal <dialog>: focus moves into it and
 * stays there, Escape closes it, and focus returns to the menu button.
 */
export function SessionsDialog({ onClose }: SessionsDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const sessions = useMySessions();
  const endOne = useEndMySession();
  const endOthers = useEndMyOtherSessions();
  const showToast = useToast();
  const [alert, setAlert] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const busy = endOne.isPending || endOthers.isPending;
  const items = sessions.data?.items ?? [];
  const others = items.filter((session) => !session.current);

  const run = async (confirmText: string, action: () => Promise<string>) => {
    if (!confirmAction(confirmText)) return;
    setAlert(null);
    try {
      showToast(await action());
    } catch (error) {
      // A lost session brings the login screen back on its own.
      if (!isSessionLost(error)) setAlert(failureText(error));
    }
  };
  const endSession = (session: Session) =>
    void run(m.confirmEndOne, async () => {
      await endOne.mutateAsync(session.id);
      return m.endedOne;
    });
  const endAllOthers = () =>
    void run(m.confirmEndOthers, async () => m.endedOthers((await endOthers.mutateAsync()).closed));

  return (
    <dialog ref={dialog} className="modal" aria-labelledby="sesiones-titulo" onClose={onClose}>
      <h2 id="sesiones-titulo" className="modal__title">
        <MonitorSmartphone aria-hidden="true" size={22} />
        {m.title}
      </h2>
      <p className="sessions-dialog__intro">{m.intro}</p>
      {sessions.isError && !isSessionLost(sessions.error) ? <FormAlert message={m.loadError} /> : null}
      {sessions.isPending ? <LoadingText /> : null}
      <ul className="sessions-list">
        {items.map((session) => {
          const device = session.device ?? m.unknownDevice;
          const started = formatDateTime(session.created_at);
          return (
            <li key={session.id} className={session.current ? 'sessions-list__item sessions-list__item--current' : 'sessions-list__item'}>
              <p className="sessions-list__device">
                <strong>{device}</strong>
                {session.current ? <span className="sessions-list__badge">{m.current}</span> : null}
              </p>
              <dl className="sessions-list__facts">
                <dt>{m.started}</dt>
                <dd>{started}</dd>
                <dt>{m.lastSeen}</dt>
                <dd>{formatDateTime(session.last_seen_at)}</dd>
                {session.ip ? (
                  <>
                    <dt>{m.address}</dt>
                    <dd>{session.ip}</dd>
                  </>
                ) : null}
              </dl>
              {session.current ? null : (
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  aria-label={`${m.endOne}: ${device}, ${m.started.toLowerCase()} ${started}`}
                  disabled={busy}
                  onClick={() => endSession(session)}
                >
                  <LogOut aria-hidden="true" size={16} />
                  {m.endOne}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {sessions.isSuccess && others.length === 0 ? <p className="sessions-dialog__none">{m.noOthers}</p> : null}
      <FormAlert message={alert} />
      <div className="sessions-dialog__actions">
        <button type="button" className="btn btn-danger" disabled={busy || others.length === 0} onClick={endAllOthers}>
          {m.endOthers}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => dialog.current?.close()}>
          {m.close}
        </button>
      </div>
    </dialog>
  );
}
