import { ScanLine } from 'lucide-react';
import { type FormEvent, useEffect, useEffectEvent, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { readScannedText } from '#shared/lot-label.js';
import { scanMessages as m } from '#shared/scan-messages.js';
import { isSessionLost } from '#web/lib/api-client.js';
import { FormAlert } from '#web/components/form-alert.js';
import { CameraError, type CameraFailure, createQrReader, openCamera, type QrReader, stopCamera } from './qr-camera.js';
import './scan.css';

/** A pause between two frames read: enough for a phone to aim, cheap on its battery. */
const FRAME_INTERVAL_MS = 200;

const CAMERA_MESSAGES: Record<CameraFailure, string> = {
  denied: m.cameraDenied,
  unavailable: m.cameraUnavailable,
  busy: m.cameraBusy,
  insecure: m.cameraNeedsHttps,
};

/**
 * What the screen makes of a code: a message to show while the dialog keeps
 * scanning (not one of our lots, no stock…), or the dialog closes: `null`
 * when the screen has used the code already, or what to do once it has closed
 * (focus a field: nothing outside a modal dialog can take the focus while it is open).
 */
export type ScanOutcome = string | null | (() => void);

export interface ScanDialogProps {
  /** A lot code read from a label (or typed). */
  onCode: (code: string) => Promise<ScanOutcome>;
  /** Called when the dialog has closed (Cerrar, Escape, or a code used): the button unmounts it. */
  onClose: () => void;
}

/**
 * «Escanear etiqueta» (docs/product-guide.md#scanning-labels): the camera's
 * picture, read a few times a second until a QR code is found. A label's
 * address or a bare lot code is handed to the screen; anything else says
 * 'El código escaneado no corresponde a ningún lote.' and scanning goes on.
 * Without a camera (refused, missing, not HTTPS) it says why, and the code can
 * be typed in the same dialog. A native modal <dialog>: focus moves into it
 * and stays there, Escape closes it, and the camera is turned off on close.
 */
export function ScanDialog({ onCode, onClose }: ScanDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [status, setStatus] = useState<string>(m.starting);
  const [problem, setProblem] = useState<string | null>(null);
  const [cameraOn, setCameraOn] = useState(false);
  const [typed, setTyped] = useState('');
  /** A code is being checked by the screen: frames are not read meanwhile. */
  const busy = useRef(false);
  /** The last text refused: the same QR still in the picture is not checked again each frame. */
  const refused = useRef<string | null>(null);
  const closed = useRef(false);
  const afterClose = useRef<(() => void) | undefined>(undefined);

  /** One text from the camera or the typed field; true once the screen has used it. */
  const submitText = async (text: string): Promise<boolean> => {
    const reading = readScannedText(text);
    if (reading.kind === 'empty') return false;
    if (reading.kind === 'foreign') {
      setProblem(m.notOurLot);
      return false;
    }
    busy.current = true;
    setProblem(null);
    setStatus(m.checking(reading.code));
    try {
      const outcome = await onCode(reading.code);
      if (typeof outcome !== 'string') {
        afterClose.current = outcome ?? undefined;
        dialog.current?.close();
        return true;
      }
      setProblem(outcome);
    } catch (error) {
      // A lost session brings the login back on its own.
      if (!isSessionLost(error)) setProblem(m.lookupError);
    } finally {
      busy.current = false;
      if (!closed.current) setStatus(m.scanning);
    }
    return false;
  };
  // The frame loop below, started once, calls the latest one (it closes over the screen's onCode).
  const submitScanned = useEffectEvent(submitText);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // showModal focuses the first control, the code field, whose keyboard would cover the camera on a phone: start on Cerrar.
    closeButton.current?.focus();
    return () => element?.close();
  }, []);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const screen = video.current;
    const start = async () => {
      try {
        stream = await openCamera();
      } catch (error) {
        if (stopped) return;
        setStatus('');
        setProblem(error instanceof CameraError ? CAMERA_MESSAGES[error.reason] : m.cameraUnavailable);
        return;
      }
      if (stopped || !screen) {
        stopCamera(stream);
        return;
      }
      screen.srcObject = stream;
      setCameraOn(true);
      let read: QrReader;
      try {
        await screen.play();
        read = await createQrReader(() => setStatus(m.decoderLoading));
      } catch (error) {
        if (stopped) return;
        console.error(m.decoderLoadError, error);
        setStatus('');
        setProblem(m.decoderLoadError);
        return;
      }
      if (stopped) return;
      setStatus(m.scanning);
      const frame = async () => {
        if (stopped) return;
        if (!busy.current) {
          const text = await read(screen).catch(() => undefined);
          if (stopped) return;
          if (text !== undefined && text !== refused.current) {
            refused.current = text;
            if (await submitScanned(text)) return;
          }
        }
        if (!stopped) timer = setTimeout(() => void frame(), FRAME_INTERVAL_MS);
      };
      void frame();
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      if (stream) stopCamera(stream);
      if (screen) screen.srcObject = null;
    };
  }, []);

  const submitTyped = (event: FormEvent) => {
    event.preventDefault();
    // React events bubble through the component tree, portal or not: the screen's own form (a count to
    // confirm, a sale to record) must not take this submit for its own.
    event.stopPropagation();
    refused.current = null;
    void submitText(typed);
  };

  // In <body>, not inside the screen's form (its button sits there): a <form> may not hold another.
  return createPortal(
    <dialog
      ref={dialog}
      className="modal scan-dialog"
      aria-labelledby="escanear-titulo"
      aria-describedby="escanear-instrucciones"
      onClose={() => {
        closed.current = true;
        onClose();
        afterClose.current?.();
      }}
    >
      <h2 id="escanear-titulo" className="modal__title">
        <ScanLine aria-hidden="true" size={22} />
        {m.title}
      </h2>
      <p id="escanear-instrucciones" className="scan-dialog__intro">
        {m.instructions}
      </p>
      <div className="scan-dialog__viewer" hidden={!cameraOn}>
        <video ref={video} className="scan-dialog__video" muted playsInline aria-label="Imagen de la cámara" />
        <span className="scan-dialog__frame" aria-hidden="true" />
      </div>
      <p className="scan-dialog__status" role="status">
        {status}
      </p>
      <FormAlert message={problem} />
      <form className="scan-dialog__typed" onSubmit={submitTyped} noValidate>
        <p className="field__hint">{m.typeInstead}</p>
        <div className="field">
          <label htmlFor="escanear-codigo">{m.codeLabel}</label>
          <div className="scan-row">
            <input id="escanear-codigo" value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" spellCheck={false} autoCapitalize="characters" />
            <button type="submit" className="btn btn-secondary">
              {m.useCode}
            </button>
          </div>
        </div>
      </form>
      <div className="form-actions">
        <button ref={closeButton} type="button" className="btn btn-secondary" onClick={() => dialog.current?.close()}>
          {m.close}
        </button>
      </div>
    </dialog>,
    document.body,
  );
}
