import type { ExtractSchema } from "hono/types";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import type { apiError } from "./responses/common";

/**
 * The compile-time half of "the document tells the truth" (ADR 0023). Each route's entry in the app's type
 * holds what its handler answers (inferred from its `c.json(…)` calls) and what its `describeRoute` declares
 * (format `declared`, see route-info.ts). `ResponseDrift` lists every answer that its declaration does not
 * accept, so a handler cannot drift from its documented schema without the type check failing. Thrown errors
 * are not in the types; they are the shared error shape by construction (errors.ts).
 */

type Declared<E> = Extract<E, { outputFormat: "declared" }>;
type Answered<E> = Exclude<E, { outputFormat: "declared" }>;

/** `c.json(body)` without a status is typed with every status; it answers 200. */
type StatusOf<S> = ContentfulStatusCode extends S ? 200 : S;

type ErrorBody = z.input<typeof apiError>;

type DeclaredAt<D, Status> = Extract<D, { status: Status }> extends { output: infer W } ? W : never;

type CheckAnswer<Route extends string, Output, Status, D> = [Extract<D, { status: Status }>] extends [never]
  ? Status extends number
    ? `${Status}` extends `${4 | 5}${string}`
      ? [Output] extends [ErrorBody]
        ? never
        : { route: Route; status: Status; answers: Output; declared: "the shared error shape" }
      : `${Route}: answers ${Status} with no schema declared for it in describeRoute`
    : never
  : [Output] extends [DeclaredAt<D, Status>]
    ? never
    : { route: Route; status: Status; answers: Output; declared: DeclaredAt<D, Status> };

type DriftOf<Route extends string, E> = [Declared<E>] extends [never]
  ? `${Route}: no describeRoute({ responses }) declares its answers`
  : Answered<E> extends infer A
    ? A extends { output: infer O; status: infer S; outputFormat: infer F }
      ? string extends F
        ? never // a Response Hono cannot type (c.html): nothing to hold against the declaration
        : CheckAnswer<Route, O, StatusOf<S>, Declared<E>>
      : never
    : never;

/** Every answer of every route that its declared schema does not accept; `never` when there is none. */
export type ResponseDrift<App> =
  ExtractSchema<App> extends infer S
    ? {
        [P in keyof S]: {
          [M in keyof S[P]]: DriftOf<`${Uppercase<Exclude<M, symbol | number> extends `$${infer V}` ? V : never>} ${P & string}`, S[P][M]>;
        }[keyof S[P]];
      }[keyof S]
    : never;

/** Compiles only when `Drift` is `never`; otherwise the error shows each route, status, answer and declaration. */
export type NoDrift<Drift extends never> = Drift;
