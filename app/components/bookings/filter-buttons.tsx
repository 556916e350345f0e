import { Link, useLocation } from "@remix-run/react";

/**
 * The end of a list page's filter form: Apply submits it, Clear goes back to the unfiltered list (a link, so both
 * work before scripts run and without them).
 */
export function FilterButtons() {
  const { pathname } = useLocation();
  return (
    <div className="row">
      <button type="submit" className="btn">
        Apply
      </button>
      <Link to={pathname} className="btn btn-outline">
        Clear
      </Link>
    </div>
  );
}
