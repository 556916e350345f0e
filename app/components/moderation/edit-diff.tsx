import type { FieldDiff, Segment } from "@worker/domain/moderation/diff";

function Words({ segments }: { segments: Segment[] }) {
  return (
    <p className="diff-text">
      {segments.map((s, i) =>
        s.kind === "same" ? (
          <span key={i}>{s.text}</span>
        ) : s.kind === "removed" ? (
          <del key={i}>
            <span className="sr-only">[removed: </span>
            {s.text}
            <span className="sr-only">]</span>
          </del>
        ) : (
          <ins key={i}>
            <span className="sr-only">[added: </span>
            {s.text}
            <span className="sr-only">]</span>
          </ins>
        ),
      )}
    </p>
  );
}

function Photos({ label, images }: { label: string; images: string[] }) {
  return (
    <figure className="stack" style={{ margin: 0 }}>
      <figcaption className="muted">{label}</figcaption>
      {images.length === 0 ? (
        <p className="muted">No photos</p>
      ) : (
        <div className="diff-photos">
          {images.map((src, i) => (
            <img key={src} src={src} alt={`${label}: ${i + 1} of ${images.length}`} loading="lazy" width={120} height={90} />
          ))}
        </div>
      )}
    </figure>
  );
}

/** A change, field by field: text as word runs struck out and added, lists as items, photos before and after. */
export function EditDiff({ diff }: { diff: FieldDiff[] }) {
  return (
    <div className="edit-diff">
      {diff.map((d) => (
        <section key={d.field} className="stack" aria-label={`${d.label} change`}>
          <h3>{d.label}</h3>
          {d.kind === "text" ? <Words segments={d.segments} /> : null}
          {d.kind === "list" ? (
            <ul className="diff-list">
              {d.removed.map((x) => (
                <li key={`r-${x}`} className="removed">
                  <span className="sr-only">Removed: </span>
                  {x}
                </li>
              ))}
              {d.added.map((x) => (
                <li key={`a-${x}`} className="added">
                  <span className="sr-only">Added: </span>
                  {x}
                </li>
              ))}
              {d.kept ? <li className="muted">{d.kept} unchanged</li> : null}
            </ul>
          ) : null}
          {d.kind === "images" ? (
            <>
              <Photos label="Before" images={d.before} />
              <Photos label="After" images={d.after} />
            </>
          ) : null}
          {d.kind === "days"
            ? d.days.map((day) => (
                <div key={day.day}>
                  <p className="muted">Day {day.day}</p>
                  <Words segments={day.segments} />
                </div>
              ))
            : null}
        </section>
      ))}
    </div>
  );
}
