// A fake fetch for unit tests: records every request and answers from a handler.
import type { FetchLike } from "../../auth/mod.ts";

/** One request the fake received. */
export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** Answers a recorded request; throw to simulate a network error. */
export type FakeHandler = (request: RecordedRequest, index: number) => Response | Promise<Response>;

/** A fetch that records requests and delegates answers to `handler`. */
export function fakeFetch(handler: FakeHandler): { fetch: FetchLike; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    const recorded: RecordedRequest = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: await request.text(),
    };
    requests.push(recorded);
    init?.signal?.throwIfAborted();
    return await handler(recorded, requests.length - 1);
  };
  return { fetch, requests };
}

/** Routes by path suffix: the first matching entry answers. */
export function routeFetch(
  routes: Record<string, (request: RecordedRequest) => Response | Promise<Response>>,
): { fetch: FetchLike; requests: RecordedRequest[] } {
  return fakeFetch((request) => {
    for (const [suffix, answer] of Object.entries(routes)) {
      if (request.url.pathname.endsWith(suffix)) return answer(request);
    }
    throw new Error(`unexpected request ${request.method} ${request.url}`);
  });
}

/** A sleep that records delays and returns at once. */
export function fakeSleep(): { sleep: (ms: number) => Promise<void>; delays: number[] } {
  const delays: number[] = [];
  return { sleep: (ms: number) => (delays.push(ms), Promise.resolve()), delays };
}

/** A fetch for calls that must send nothing: it rejects, so a request fails the test. */
export const NO_CALL: FetchLike = () => Promise.reject(new Error("no call expected"));
