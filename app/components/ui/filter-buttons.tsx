import { Link, useLocation } from "@remix-run/react";

/** The end of a list page's filter form: Apply submits it, Clear goes back to the unfiltered list (a link: no script needed). */
export function FilterButtons() {
  const { pathname } = useLocation();
  return (
    <div className="row">
      <button type="submit" className="btn">
        Apply
      </button>
      <Link className="btn btn-outline" to={pathname}>
        Clear
      </Link>
    </div>
  );
}
