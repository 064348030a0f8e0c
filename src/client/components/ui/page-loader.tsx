/** Shown while a page's code is still on its way. */
export function PageLoader() {
  return (
    <div role="status" className="grid min-h-dvh place-items-center bg-base-100">
      <div className="flex flex-col items-center gap-3 text-base-content/75">
        <span aria-hidden="true" className="loading loading-lg loading-spinner text-primary" />
        <span>Loading</span>
      </div>
    </div>
  );
}
