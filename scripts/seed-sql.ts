// Prints the seed as SQL (one statement per line) using the pepper of .dev.vars, its dates relative to today; with a
// path, also writes the seeded student ID there (the document R2 holds for the superadmin's queue).
import { readFileSync, writeFileSync } from "node:fs";
import { hashPassword } from "../worker/auth/password";
import { DEMO_PASSWORD, SEED_USERS, seedStatements } from "../worker/db/seed-data";
import { seedStudentDocument } from "../worker/db/seed-operator";

function devVar(name: string) {
  const file = readFileSync(new URL("../.dev.vars", import.meta.url), "utf8");
  const line = file.split("\n").find((l) => l.startsWith(`${name}=`));
  if (!line) throw new Error(`${name} is missing from .dev.vars`);
  return line.slice(name.length + 1).trim();
}

const pepper = devVar("PASSWORD_PEPPER");
const hashes = Object.fromEntries(await Promise.all(SEED_USERS.map(async (u) => [u.id, await hashPassword(DEMO_PASSWORD, pepper)])));
process.stdout.write(`${seedStatements(hashes, new Date()).join("\n")}\n`);
const documentPath = process.argv[2];
if (documentPath) writeFileSync(documentPath, seedStudentDocument());
