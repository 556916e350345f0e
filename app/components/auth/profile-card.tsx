import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { api, errorMessage } from "~/lib/api";
import { updateSession } from "~/lib/auth-storage";
import { TextField } from "./password-input";

type Profile = { name: string; email: string; phone: string | null };

/** Spec §3: the name splits on its first space: first name, and the rest is the last name. */
export function splitName(name: string) {
  const at = name.indexOf(" ");
  return at < 0 ? { firstName: name, lastName: "" } : { firstName: name.slice(0, at), lastName: name.slice(at + 1) };
}

/** Profile Information (spec §2, §5): first and last name, read-only email, phone; Update Profile. */
export function ProfileCard() {
  const [form, setForm] = useState({ firstName: "", lastName: "", email: "", phone: "" });
  const [state, setState] = useState<"loading" | "ready" | "failed" | "saving">("loading");

  useEffect(() => {
    const controller = new AbortController();
    api<Profile>("/api/auth/profile", { signal: controller.signal })
      .then((p) => {
        setForm({ ...splitName(p.name), email: p.email, phone: p.phone ?? "" });
        setState("ready");
      })
      .catch((err) => {
        if (!controller.signal.aborted) {
          console.error(err);
          setState("failed");
        }
      });
    return () => controller.abort();
  }, []);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setState("saving");
    const name = `${form.firstName.trim()} ${form.lastName.trim()}`.trim();
    try {
      const res = await api<{ message: string; name: string }>("/api/auth/profile", {
        method: "PUT",
        body: { name, phone: form.phone.trim() },
      });
      updateSession({ user: { name: res.name } });
      toast.success("Profile updated successfully!");
    } catch (err) {
      toast.error(errorMessage(err, "Failed to update profile"));
    }
    setState("ready");
  }

  const set = (key: "firstName" | "lastName" | "phone") => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  return (
    <section className="card stack" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile Information</h2>
      {state === "failed" ? (
        <p role="alert" className="error-text">
          Failed to fetch user profile details.
        </p>
      ) : null}
      <form className="stack" onSubmit={save}>
        <div className="row" style={{ alignItems: "start" }}>
          <div style={{ flex: "1 1 20rem" }}>
            <TextField label="First Name" name="firstName" autoComplete="given-name" value={form.firstName} onChange={set("firstName")} />
          </div>
          <div style={{ flex: "1 1 20rem" }}>
            <TextField label="Last Name" name="lastName" autoComplete="family-name" value={form.lastName} onChange={set("lastName")} />
          </div>
        </div>
        <TextField
          label="Email"
          name="email"
          type="email"
          value={form.email}
          readOnly
          aria-readonly="true"
          style={{ background: "var(--surface-2)", cursor: "not-allowed" }}
        />
        <TextField label="Phone" name="phone" type="tel" autoComplete="tel" value={form.phone} onChange={set("phone")} />
        <div>
          <button type="submit" className="btn" disabled={state === "loading" || state === "saving"}>
            {state === "saving" ? "Updating..." : "Update Profile"}
          </button>
        </div>
      </form>
    </section>
  );
}
