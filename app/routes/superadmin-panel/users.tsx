import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { idParam } from "@worker/domain/seller-admin/schemas";
import {
  listUsers,
  roleMessage,
  setUserRole,
  setUserStatus,
  statusMessage,
  userListQuery,
  userRoleBody,
  userStatusBody,
} from "@worker/domain/superadmin/users";
import { useState } from "react";
import type { FetcherWithComponents } from "@remix-run/react";
import { ConfirmDialog, useConfirmedSubmit } from "~/components/ui/confirm-dialog";
import { TableRegion } from "~/components/ui/table-region";
import { ActionButton } from "~/components/action-button";
import type { Confirmation } from "~/components/ui/confirm-dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormAnswer } from "~/components/form-answer";
import { PageContent } from "~/components/load-state";
import { Pager } from "~/components/pager";
import { formatDate } from "@worker/shared/format";
import { adminActor } from "~/lib/admin-actor.server";
import { actionInput, pageQuery, signedInAction, signedInData, signedInHeaders } from "~/lib/session.server";
import { useActionToast } from "~/lib/use-action-toast";
import { useListFilters, withoutEmptyFilters } from "~/lib/use-list-filters";

export const meta: MetaFunction = () => [{ title: "Users · Superadmin panel | Tripbazaar" }];
export const headers = () => signedInHeaders;

export async function loader({ context }: LoaderFunctionArgs) {
  const query = pageQuery(withoutEmptyFilters(context.url), userListQuery);
  return signedInData(context, "superadmin", async () => ({ accounts: await listUsers(context, query) }));
}

/**
 * Disable or re-enable one account (PUT /api/superadmin/users/:id/status), or change its role (PUT …/:id/role): the
 * API's id and body schemas, told apart by `intent` (none: the status, as before).
 */
const roleChange = idParam.merge(userRoleBody);
const statusChange = idParam.merge(userStatusBody);

export async function action({ request, context }: ActionFunctionArgs) {
  return signedInAction(context, "superadmin", async (admin) => {
    const fields = await actionInput(request);
    const actor = adminActor(request, admin);
    if (fields.intent === "role") {
      const input = roleChange.parse(fields);
      const user = await setUserRole(context.db, actor, input.id, input.role);
      return roleMessage(user.name, input.role);
    }
    const input = statusChange.parse(fields);
    await setUserStatus(context.db, context.config, actor, input.id, input.status);
    return statusMessage(input.status);
  });
}

type Account = ReturnType<typeof useLoaderData<typeof loader>>["accounts"]["users"][number];

const FILTERS = ["q", "role"] as const;
const ROLE_LABELS = { user: "Customer", seller: "Seller", superadmin: "Superadmin" } as const;

/**
 * The role of one account: a select and a button posting to the page's action, so it works without scripts; with
 * them the confirm dialog says what the change does first.
 */
function RoleForm({ account, fetcher, disabled }: { account: Account; fetcher: FetcherWithComponents<unknown>; disabled: boolean }) {
  const asking = useConfirmedSubmit();
  const [role, setRole] = useState<Account["role"]>(account.role);
  const id = `role-${account.id}`;
  return (
    <>
      <fetcher.Form method="post" className="row role-form" onSubmit={asking.ask} aria-label={`Role of ${account.name}`}>
        <input type="hidden" name="intent" value="role" />
        <input type="hidden" name="id" value={account.id} />
        <label className="sr-only" htmlFor={id}>{`Role of ${account.name}`}</label>
        <select id={id} name="role" value={role} onChange={(e) => setRole(e.currentTarget.value as Account["role"])}>
          {(Object.keys(ROLE_LABELS) as Account["role"][]).map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-outline" disabled={disabled}>
          {`Change role of ${account.name}`}
        </button>
      </fetcher.Form>
      <ConfirmDialog
        open={asking.open}
        onClose={asking.close}
        confirmation={{
          title: `Make ${account.name} ${ROLE_LABELS[role].toLowerCase()}?`,
          body: (
            <p>
              {account.name} ({account.email}) goes from {ROLE_LABELS[account.role].toLowerCase()} to {ROLE_LABELS[role].toLowerCase()} from
              their next request{role === "superadmin" ? ", with every power of this panel" : ""}. The change is recorded in the audit log.
            </p>
          ),
          confirmLabel: "Change role",
          danger: role === "superadmin" || account.role === "superadmin",
        }}
        onConfirm={() => {
          fetcher.submit(asking.confirmed(), { method: "post" });
          return undefined;
        }}
      />
    </>
  );
}

/** Every account, searchable; a superadmin disables an abusive one (its sessions end, a seller's website goes offline). */
export default function Page() {
  const { params, applyFilters } = useListFilters(FILTERS);
  const { accounts } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  useActionToast(fetcher, "Failed to change the account");
  // A post without scripts: the page comes back with its answer.
  const answered = useActionData<typeof action>();
  // One change at a time: every account's button waits while one is being changed.
  const busy = fetcher.state === "idle" ? null : (fetcher.formData?.get("id") ?? "");

  const warning = (u: Account): Confirmation =>
    u.status === "active"
      ? {
          title: `Disable ${u.name}?`,
          body: (
            <p>
              {u.name} ({u.email}) is signed out everywhere and cannot sign in again until enabled
              {u.role === "seller" ? "; their website goes offline" : ""}.
            </p>
          ),
          confirmLabel: "Disable account",
          danger: true,
        }
      : { title: `Enable ${u.name} again?`, body: <p>{u.name} can sign in again.</p>, confirmLabel: "Enable account" };

  return (
    <main id="main" className="dash-main">
      <h1>Users</h1>
      <FormAnswer answer={answered} failure="Failed to change the account" />
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
      <PageContent label="Loading users...">
        {accounts.users.length === 0 ? (
          <div className="card">
            <p className="muted">No accounts match.</p>
          </div>
        ) : (
          <section className="card stack" aria-label="Users">
            <TableRegion label="Users table">
              <table className="data-table stack-rows">
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
                  {accounts.users.map((u) => (
                    <tr key={u.id}>
                      <td data-label="Name">{u.sitePath ? <a href={u.sitePath}>{u.name}</a> : u.name}</td>
                      <td data-label="Email">{u.email}</td>
                      <td data-label="Role">{ROLE_LABELS[u.role]}</td>
                      <td data-label="Joined">{formatDate(u.createdAt)}</td>
                      <td data-label="Status">{u.status === "disabled" ? "Disabled" : u.isVerified ? "Active" : "Not verified"}</td>
                      <td className="stack">
                        <RoleForm account={u} fetcher={fetcher} disabled={busy !== null} />
                        {u.role === "superadmin" ? null : (
                          <ActionButton
                            fetcher={fetcher}
                            fields={{ id: u.id, status: u.status === "active" ? "disabled" : "active" }}
                            confirm={warning(u)}
                            className="btn btn-outline"
                            disabled={busy !== null}
                          >
                            {u.status === "active" ? `Disable ${u.name}` : `Enable ${u.name}`}
                          </ActionButton>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
            <Pager page={accounts.pagination.page} pages={accounts.pagination.pages} total={accounts.pagination.total} noun="accounts" />
          </section>
        )}
      </PageContent>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
