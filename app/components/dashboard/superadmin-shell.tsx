import { DashboardShell } from "./dashboard-shell";

/** Spec §2 "Superadmin panel" and the custom domains screen (ADR 0007); `built: false` pages say "coming soon". */
export const SUPERADMIN_NAV = [
  { to: "/superadmin-panel", label: "Overview", end: true, built: true, note: "" },
  { to: "/superadmin-panel/requests", label: "Seller requests", built: true, note: "Review applications to sell." },
  { to: "/superadmin-panel/domains", label: "Custom domains", built: true, note: "Activate sellers' own domains." },
  { to: "/superadmin-panel/messages", label: "Undelivered messages", built: true, note: "Emails the queue gave up on; retry them." },
  { to: "/superadmin-panel/ledger", label: "Platform ledger", built: true, note: "The platform's money for flights, stays and buses." },
  { to: "/superadmin-panel/refunds", label: "Refunds needing attention", built: true, note: "Refunds the provider refused; retry them." },
  { to: "/superadmin-panel/users", label: "Users", built: true, note: "Find accounts; change their role, disable or enable them." },
  { to: "/superadmin-panel/reviews", label: "Reviews", built: true, note: "Publish held reviews; remove one for a stated reason." },
  { to: "/superadmin-panel/seller-packages", label: "Seller packages", built: true, note: "Every seller's packages; approve new ones." },
  { to: "/superadmin-panel/edits", label: "Edits", built: true, note: "Changes to live packages waiting for review." },
  { to: "/superadmin-panel/students", label: "Student IDs", built: true, note: "Verify students for the student discount." },
  { to: "/superadmin-panel/settings", label: "Settings", built: true, note: "The platform's rules: discount, booking fee, travellers." },
  { to: "/superadmin-panel/audit", label: "Audit log", built: true, note: "Every admin action: who, what, before and after." },
] as const;

export function SuperadminShell({ children }: { children: React.ReactNode }) {
  return (
    <DashboardShell label="Superadmin panel" menuLabel="Panel menu" links={SUPERADMIN_NAV}>
      {children}
    </DashboardShell>
  );
}
