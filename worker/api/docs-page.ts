import type { JsonSchema, OpenApiDocument, Operation, Parameter, Response } from "./openapi";

/**
 * /api/docs: the OpenAPI document as one server-rendered page. No script and no outside resource,
 * so it runs under the API's locked-down Content-Security-Policy (inline styles only, ADR 0021).
 */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

/** Escaped text with `code` spans, as the summaries write them. */
const prose = (s: string) => escapeHtml(s).replace(/`([^`]+)`/g, "<code>$1</code>");

const asSchema = (v: unknown): JsonSchema => (v && typeof v === "object" ? (v as JsonSchema) : {});

/** A short reading of a schema's type and limits: "string, 1–120 characters", "integer ≥ 1", "draft | published". */
export function typeLabel(schema: JsonSchema): string {
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (variants) {
    const labels = variants.filter((v) => !("not" in v)).map(typeLabel);
    return [...new Set(labels)].join(" or ") || "any";
  }
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if ("const" in schema) return JSON.stringify(schema.const);
  const type = Array.isArray(schema.type) ? schema.type.join(" or ") : String(schema.type ?? "any");
  const limits: string[] = [];
  const range = (min: unknown, max: unknown, unit: string) => {
    if (min !== undefined && max !== undefined) limits.push(`${min}–${max}${unit}`);
    else if (min !== undefined) limits.push(`≥ ${min}${unit}`);
    else if (max !== undefined) limits.push(`≤ ${max}${unit}`);
  };
  range(schema.minLength, schema.maxLength, " characters");
  range(schema.minimum ?? schema.exclusiveMinimum, schema.maximum ?? schema.exclusiveMaximum, "");
  range(schema.minItems, schema.maxItems, " items");
  if (typeof schema.pattern === "string") limits.push(`pattern ${schema.pattern}`);
  if (typeof schema.format === "string") limits.push(schema.format);
  if (type === "array") return `array of ${typeLabel(asSchema(schema.items))}${limits.length ? ` (${limits.join(", ")})` : ""}`;
  return [type, ...limits].join(", ");
}

/** The object (or array of objects) a schema holds, if any, for a nested field list. */
function objectOf(schema: JsonSchema): JsonSchema | null {
  if (schema.type === "object" && schema.properties) return schema;
  if (schema.type === "array") return objectOf(asSchema(schema.items));
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return variants?.map(objectOf).find(Boolean) ?? null;
}

function fieldList(schema: JsonSchema): string {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const items = Object.entries(properties).map(([name, field]) => {
    const nested = objectOf(field);
    const defaults = "default" in field ? ` <span class="muted">default ${escapeHtml(JSON.stringify(field.default))}</span>` : "";
    return `<li><code>${escapeHtml(name)}</code>${required.has(name) ? ' <span class="req">required</span>' : ""} <span class="type">${escapeHtml(typeLabel(field))}</span>${defaults}${nested ? fieldList(nested) : ""}</li>`;
  });
  return items.length ? `<ul class="fields">${items.join("")}</ul>` : "";
}

function schemaBlock(schema: JsonSchema | undefined): string {
  if (!schema || !Object.keys(schema).length) return "";
  const object = objectOf(schema);
  const fields = object ? fieldList(object) : `<p class="type">${escapeHtml(typeLabel(schema))}</p>`;
  return `${fields}<details><summary>JSON Schema</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;
}

const parameterItem = (p: Parameter) =>
  `<li><code>${escapeHtml(p.name)}</code> <span class="muted">${p.in}</span>${p.required ? ' <span class="req">required</span>' : ""} <span class="type">${escapeHtml(typeLabel(p.schema))}</span>${p.description ? ` — ${prose(p.description)}` : ""}</li>`;

function responseItems(doc: OpenApiDocument, op: Operation): string {
  return Object.entries(op.responses)
    .map(([status, answer]) => {
      const response: Response = "$ref" in answer ? doc.components.responses[answer.$ref.split("/").pop() ?? ""] : answer;
      const type = Object.keys(response?.content ?? {})[0];
      // The shared error shape is shown once, in the introduction; a route's own answers are shown where they are.
      const schema = "$ref" in answer || !type ? undefined : response.content?.[type]?.schema;
      const body = schema ? `<details><summary>Body</summary>${schemaBlock(schema)}</details>` : "";
      return `<li><span class="status s${status[0]}">${status}</span> ${prose(response?.description ?? "")}${type && type !== "application/json" ? ` <span class="muted">${escapeHtml(type)}</span>` : ""}${body}</li>`;
    })
    .join("");
}

function operationSection(doc: OpenApiDocument, path: string, method: string, op: Operation): string {
  const body = op.requestBody;
  const bodyHtml = body
    ? `<h4>Body${body.required ? "" : " (optional)"}</h4>${body.description ? `<p>${prose(body.description)}</p>` : ""}${Object.entries(
        body.content,
      )
        .map(([type, media]) => `<p class="muted">${escapeHtml(type)}</p>${schemaBlock(media.schema)}`)
        .join("")}`
    : "";
  return `<section class="op" id="${escapeHtml(op.operationId)}">
<h3><span class="method m-${method}">${method.toUpperCase()}</span> <code class="path">${escapeHtml(path)}</code>${op.deprecated ? ' <span class="req">deprecated</span>' : ""}</h3>
<p class="summary">${prose(op.summary)}</p>${
    op.description
      ? op.description
          .split("\n\n")
          .map((p) => `<p>${prose(p)}</p>`)
          .join("")
      : ""
  }
${op.security.length ? "" : '<p class="muted">Public: no session needed</p>'}
${op.parameters.length ? `<h4>Parameters</h4><ul class="fields">${op.parameters.map(parameterItem).join("")}</ul>` : ""}${bodyHtml}
<h4>Responses</h4><ul class="fields">${responseItems(doc, op)}</ul>
</section>`;
}

const STYLE = `:root{color-scheme:light dark;--bg:#f8fafc;--fg:#1e293b;--muted:#64748b;--card:#fff;--line:#e2e8f0;--code:#f1f5f9;--accent:#1d4ed8}
@media (prefers-color-scheme:dark){:root{--bg:#0f172a;--fg:#e2e8f0;--muted:#94a3b8;--card:#1e293b;--line:#334155;--code:#0f172a;--accent:#93c5fd}}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,sans-serif;background:var(--bg);color:var(--fg)}
main{max-width:60rem;margin:0 auto;padding:1rem}a{color:var(--accent)}h1{font-size:1.6rem;margin:.5rem 0}h2{margin:2rem 0 .5rem;font-size:1.25rem}
h3{font-size:1rem;margin:0;display:flex;flex-wrap:wrap;gap:.4rem;align-items:center}h4{margin:.8rem 0 .2rem;font-size:.9rem}
code,pre{font-family:ui-monospace,monospace;font-size:.85em;background:var(--code);border-radius:4px;padding:0 .25em}
.path{overflow-wrap:anywhere;background:none;font-size:.95em}pre{padding:.5rem;overflow-x:auto;max-height:24rem}
.op{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:.8rem 1rem;margin:.75rem 0}
.op p{margin:.3rem 0}.summary{font-weight:600}.muted{color:var(--muted);font-size:.9em}.type{color:var(--muted)}
.fields{margin:.2rem 0;padding-left:1.1rem;overflow-wrap:anywhere}.fields li{margin:.15rem 0}
.req{font-size:.75em;text-transform:uppercase;letter-spacing:.03em;color:#b45309}
.method{font:700 .75rem ui-monospace,monospace;padding:.15rem .45rem;border-radius:4px;color:#fff;background:#475569}
.m-get{background:#15803d}.m-post{background:#1d4ed8}.m-put{background:#a16207}.m-delete{background:#b91c1c}
.status{font-family:ui-monospace,monospace;font-weight:700}.s2{color:#15803d}.s4{color:#b45309}.s5{color:#b91c1c}
@media (prefers-color-scheme:dark){.s2{color:#4ade80}.s4,.req{color:#fbbf24}.s5{color:#f87171}}
nav ul{padding-left:1.1rem}nav li{margin:.1rem 0;overflow-wrap:anywhere}summary{cursor:pointer;color:var(--muted);font-size:.9em}`;

/** The page for `doc`: a contents list by tag, then every operation with its parameters, body and responses. */
export function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, { path: string; method: string; op: Operation }[]>();
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) byTag.set(op.tags[0], [...(byTag.get(op.tags[0]) ?? []), { path, method, op }]);
  const tags = doc.tags.filter((t) => byTag.has(t.name));
  const nav = tags
    .map(
      (t) =>
        `<li><a href="#tag-${escapeHtml(t.name)}">${escapeHtml(t.name)}</a><ul>${(byTag.get(t.name) ?? [])
          .map(
            ({ path, method, op }) => `<li><a href="#${escapeHtml(op.operationId)}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`,
          )
          .join("")}</ul></li>`,
    )
    .join("");
  const sections = tags
    .map(
      (t) =>
        `<h2 id="tag-${escapeHtml(t.name)}">${escapeHtml(t.name)}</h2><p class="muted">${prose(t.description)}</p>${(
          byTag.get(t.name) ?? []
        )
          .map(({ path, method, op }) => operationSection(doc, path, method, op))
          .join("\n")}`,
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>${escapeHtml(doc.info.title)}</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(doc.info.title)}</h1><p>${prose(doc.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${doc.openapi}).</p>
<nav aria-label="Endpoints"><ul>${nav}</ul></nav>
${sections}</main></body></html>`;
}
