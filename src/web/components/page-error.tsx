/**
 * A failed load or save shows a full-page red message (docs/product-guide.md#screens) and the
 * user must reload. It replaces the screen's content.
 */
export function PageError({ message }: { message: string }) {
  return (
    <div className="page-error" role="alert">
      <p className="page-error__message">{message}</p>
      <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
        Recargar la página
      </button>
    </div>
  );
}
