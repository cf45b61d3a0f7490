/**
 * How a service declares the requests it answers: each request's fields (a valibot schema,
 * validated before any handler runs) and who may make it, next to the code that answers it.
 * The answers' types are inferred from that code (see protocol.ts), never written twice.
 */
import * as v from 'valibot';
import type { Browser } from 'wxt/browser';

/**
 * Who may make a request: `pages` — any of Weft's contexts, content scripts on arXiv
 * included; `extension` — only Weft's own pages (popup, options, researcher page).
 */
export type Audience = 'pages' | 'extension';

export interface RequestSpec {
  from: Audience;
  fields: v.ObjectEntries;
}

export type RequestSpecs = Record<string, RequestSpec>;

/** The validated request of type `T` with `fields`. */
export type RequestInput<T extends string, F extends v.ObjectEntries> = v.InferOutput<
  v.StrictObjectSchema<{ type: v.LiteralSchema<T, undefined> } & F, undefined>
>;

export type Sender = Browser.runtime.MessageSender;

/** The answering code a service gives for its requests. */
export type AnswersFor<S extends RequestSpecs> = {
  [K in keyof S & string]: (request: RequestInput<K, S[K]['fields']>, sender: Sender) => Promise<unknown>;
};

/** The answers as the dispatcher calls them: with the request and its sender. */
export type Answering<A> = {
  [K in keyof A]: A[K] extends (request: infer R, ...rest: never[]) => infer T ? (request: R, sender: Sender) => T : never;
};

/** Declares a service's requests; `answer` ties them to the code that answers them. */
export function defineRequests<const S extends RequestSpecs>(specs: S) {
  return {
    specs,
    /** The request schemas, each with its `type` literal, for the protocol's validator. */
    schemas: Object.entries(specs).map(([type, spec]) => v.strictObject({ type: v.literal(type), ...spec.fields })),
    answer<A extends AnswersFor<S>>(answers: A): Answering<A> {
      return answers as unknown as Answering<A>;
    },
  };
}
