import type { MetaFunction } from "@remix-run/cloudflare";
import { useApiData } from "~/components/bookings/use-api-data";
import { useRowAction } from "~/lib/use-row-action";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LoadErrorCard, LoadingCard } from "~/components/load-state";
import { api } from "~/lib/api";
import { formatDate } from "~/lib/format";
import { Pager } from "~/components/pager";
import { useListFilters } from "~/lib/use-list-filters";

export const meta: MetaFunction = () => [{ title: "Users | Tripbazaar" }];

type Account = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: "user" | "seller" | "superadmin";
  isVerified: boolean;
  status: "active" | "disabled";
  createdAt: string;
};
type UsersResponse = { users: Account[]; pagination: { page: number; total: number; pages: number } };

const FILTERS = ["q", "role"] as const;
const ROLE_LABELS = { user: "Customer", seller: "Seller", superadmin: "Superadmin" } as const;

/** Every account, searchable; a superadmin disables an abusive one (its sessions end, a seller's website goes offline). */
export default function Page() {
  const { params, query, applyFilters, goTo } = useListFilters(FILTERS);
  const { state, reload } = useApiData<UsersResponse>(`/api/superadmin/users?${query}`, "Failed to load users");
  const { busy, run } = useRowAction(reload);

  async function toggle(u: Account) {
    const next = u.status === "active" ? "disabled" : "active";
    const warning =
      next === "disabled"
        ? `Disable ${u.name}? They are signed out everywhere${u.role === "seller" ? " and their website goes offline" : ""}.`
        : `Enable ${u.name} again?`;
    if (!window.confirm(warning)) return;
    await run(u.id, "Failed to change the account", async () => {
      await api(`/api/superadmin/users/${encodeURIComponent(u.id)}/status`, { method: "PUT", body: { status: next } });
      return next === "disabled" ? "Account disabled" : "Account enabled";
    });
  }

  return (
    <main id="main" className="container page stack">
      <h1>Users</h1>
      <form className="card filters" onSubmit={applyFilters} aria-label="Find users" key={params.toString()}>
        <div className="field">
          <label htmlFor="u-q">Name or email</label>
          <input id="u-q" name="q" type="search" defaultValue={params.get("q") ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="u-role">Role</label>
          <select id="u-role" name="role" defaultValue={params.get("role") ?? ""}>
            <option value="">All</option>
            <option value="user">Customers</option>
            <option value="seller">Sellers</option>
            <option value="superadmin">Superadmins</option>
          </select>
        </div>
        <div className="row">
          <button type="submit" className="btn">
            Search
          </button>
        </div>
      </form>
      {state.status === "loading" ? (
        <LoadingCard label="Loading users..." />
      ) : state.status === "error" ? (
        <LoadErrorCard message={state.message} onRetry={reload} />
      ) : state.data.users.length === 0 ? (
        <div className="card">
          <p className="muted">No accounts match.</p>
        </div>
      ) : (
        <section className="card stack" aria-label="Users">
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">Joined</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="sr-only">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {state.data.users.map((u) => (
                  <tr key={u.id}>
                    <td>{u.role === "seller" ? <a href={`/seller/${encodeURIComponent(u.id)}/website`}>{u.name}</a> : u.name}</td>
                    <td>{u.email}</td>
                    <td>{ROLE_LABELS[u.role]}</td>
                    <td>{formatDate(u.createdAt)}</td>
                    <td>{u.status === "disabled" ? "Disabled" : u.isVerified ? "Active" : "Not verified"}</td>
                    <td>
                      {u.role === "superadmin" ? null : (
                        <button type="button" className="btn btn-outline" disabled={busy === u.id} onClick={() => toggle(u)}>
                          {u.status === "active" ? `Disable ${u.name}` : `Enable ${u.name}`}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={state.data.pagination.page}
            pages={state.data.pagination.pages}
            total={state.data.pagination.total}
            noun="accounts"
            onPage={goTo}
          />
        </section>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
