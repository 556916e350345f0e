/** For screens whose issue is not done yet: a short honest note, never fake data. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <main id="main" className="container page">
      <div className="card stack">
        <h1>{title}</h1>
        <p className="muted">This part of Tripbazaar is coming soon.</p>
      </div>
    </main>
  );
}
