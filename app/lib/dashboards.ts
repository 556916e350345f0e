/** Where each role's own pages start (spec §2): a seller's dashboard, the superadmin panel, a traveller's dashboard. */
export function dashboardOf(role: string | undefined) {
  if (role === "seller") return "/seller-dashboard";
  if (role === "superadmin") return "/superadmin-panel";
  return "/user-dashboard";
}

/**
 * Where a login goes when no `redirect` says otherwise: sellers and superadmins to their dashboards,
 * travellers back to the site (spec §4).
 */
export function afterLoginOf(role: string | undefined) {
  return role === "seller" || role === "superadmin" ? dashboardOf(role) : "/";
}
