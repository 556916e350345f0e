/**
 * What waits for the operator in the seed, and what the operator already did (issue 28): Rahul's student ID waiting
 * in the superadmin's queue, with its document in R2, and the audit log's entries of the decisions behind the seeded
 * state (Meera's verification, Rahul's first, refused document, the custom domain switched on by hand).
 */

const DAY_MS = 86_400_000;
const iso = (now: Date, daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString();

/** Rahul's student ID, sent two days ago after his first one was refused; the document is an illustration. */
export const SEED_PENDING_STUDENT = {
  id: "sv_seed_rahul",
  userId: "u_rahul",
  institution: "Goa College of Engineering",
  documentKey: "student-ids/u_rahul/seed-student-id.pdf",
  documentType: "application/pdf",
} as const;

/**
 * The seeded student ID: a one-page PDF that says it is a sample (demo data, no real person's document). Built
 * here, with its cross-reference offsets counted, so the seed needs no binary file.
 */
export function seedStudentDocument(): Uint8Array {
  const text = [
    "BT /F1 20 Tf 60 760 Td (SAMPLE - demo data, not a real document) Tj ET",
    "BT /F1 14 Tf 60 720 Td (Goa College of Engineering: student identity card) Tj ET",
    "BT /F1 14 Tf 60 696 Td (Name: Rahul Nair) Tj ET",
    "BT /F1 14 Tf 60 672 Td (Course: B.E. Computer Engineering, ends in about 18 months) Tj ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

type Quote = (v: unknown) => string;

/** Rahul's waiting verification: his course ends in about 18 months; sent two days before the seed's day. */
export function pendingStudentStatement(now: Date, q: Quote, todayInIndia: (d: Date) => string) {
  const s = SEED_PENDING_STUDENT;
  const courseEnd = todayInIndia(new Date(now.getTime() + 540 * DAY_MS));
  return `INSERT OR IGNORE INTO student_verifications (id, user_id, status, institution, course_end_date, document_key, document_type, submitted_at) VALUES (${[s.id, s.userId, "pending", s.institution, courseEnd, s.documentKey, s.documentType, iso(now, 2)].map(q).join(", ")});`;
}

/**
 * The audit log's seeded entries, each true to the seeded state and written as the panel writes them: Wanderlust's
 * custom domain switched on by hand when it was added (a `.localhost` name no DNS check can verify), Meera's
 * verification approved (as seed-data.ts's studentStatement decides it: 30 days ago), and Rahul's first document
 * refused for a reason 20 days ago (his new one waits, above). The address is from the documentation range.
 */
export function auditStatements(
  now: Date,
  q: Quote,
  meera: { id: string; userId: string; institution: string; courseEndDate: string; expiresAt: string },
) {
  const admin = { id: "u_admin", role: "superadmin", ip: "203.0.113.10" };
  const entries = [
    {
      id: "au_seed_domain",
      action: "domain.activate",
      targetType: "custom_domain",
      targetId: "dom_wanderlust",
      before: { hostname: "wanderlust.localhost", status: "pending" },
      after: { status: "active" },
      reason: null,
      at: iso(now, 85),
    },
    {
      id: "au_seed_student_meera",
      action: "student.approve",
      targetType: "student_verification",
      targetId: meera.id,
      before: { status: "pending", userId: meera.userId, institution: meera.institution, courseEndDate: meera.courseEndDate },
      after: { status: "verified", expiresAt: meera.expiresAt },
      reason: null,
      at: iso(now, 30),
    },
    {
      id: "au_seed_student_rahul",
      action: "student.reject",
      targetType: "student_verification",
      targetId: "sv_seed_rahul_first",
      before: { status: "pending", userId: SEED_PENDING_STUDENT.userId, institution: SEED_PENDING_STUDENT.institution },
      after: { status: "rejected", expiresAt: null },
      reason: "The photo is too blurred to read the name and the course end date; please send a clear one",
      at: iso(now, 20),
    },
  ];
  return entries.map(
    (e) =>
      `INSERT OR IGNORE INTO audit_log (id, actor_id, actor_role, action, target_type, target_id, before, after, reason, ip, created_at) VALUES (${[e.id, admin.id, admin.role, e.action, e.targetType, e.targetId, JSON.stringify(e.before), JSON.stringify(e.after), e.reason, admin.ip, e.at].map(q).join(", ")});`,
  );
}
