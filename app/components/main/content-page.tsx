/** A plain text page of the main site (policies, about). Content is ours, never seller data. */
export function ContentPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro?: string;
  sections: { heading: string; body: string[] }[];
}) {
  return (
    <main id="main" className="container page">
      <article className="card stack content-page">
        <h1>{title}</h1>
        {intro ? <p className="muted">{intro}</p> : null}
        {sections.map((s) => (
          <section key={s.heading} className="stack">
            <h2>{s.heading}</h2>
            {s.body.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
        ))}
      </article>
    </main>
  );
}
