/** The loading and failed states of a screen whose data is fetched in the browser. */
export function LoadingCard({ label = "Loading..." }: { label?: string }) {
  return (
    <div className="card" role="status">
      {label}
    </div>
  );
}

export function LoadErrorCard({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="card stack" role="alert">
      <p>{message}</p>
      <p>
        <button type="button" className="btn" onClick={onRetry}>
          Try Again
        </button>
      </p>
    </div>
  );
}
