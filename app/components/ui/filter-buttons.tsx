/** The end of a list page's filter form: Apply submits it, Clear goes back to the unfiltered list. */
export function FilterButtons({ onClear }: { onClear: () => void }) {
  return (
    <div className="row">
      <button type="submit" className="btn">
        Apply
      </button>
      <button type="button" className="btn btn-outline" onClick={onClear}>
        Clear
      </button>
    </div>
  );
}
