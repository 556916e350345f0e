/**
 * For screens whose issue is not done yet: a short honest note, never fake data. `inDashboard`: the page sits
 * in a dashboard's frame (its navigation beside it), so it takes the frame's column instead of the page width.
 */
export function ComingSoon({ title, inDashboard = false }: { title: string; inDashboard?: boolean }) {
  return (
    <main id="main" className={inDashboard ? "dash-main" : "container page"}>
      <div className="card stack">
        <h1>{title}</h1>
        <p className="muted">This part of Tripbazaar is coming soon.</p>
      </div>
    </main>
  );
}
