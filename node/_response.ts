/**
 * The response {@linkcode createNodeFetch} resolves to: the reading side of a Web `Response`
 * (status, headers, a streaming `body`, `text()`, `json()`, `arrayBuffer()`) over a
 * `node:http` response. It is not a `Response` instance on purpose: under Node, touching the
 * global `Response` or `Headers` loads the bundled undici, the start-up cost this transport exists
 * to avoid (figures in docs/measurements.md).
 *
 * @module
 */

import type { IncomingMessage } from "node:http";

/** Response headers as `Headers.get` reads them: names are case-insensitive. */
export class NodeHeaders {
  #values = new Map<string, string>();

  /** Headers from Node's `rawHeaders` (name, value, name, value, ...). */
  constructor(rawHeaders: readonly string[]) {
    for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
      const name = rawHeaders[i]!.toLowerCase();
      const seen = this.#values.get(name);
      this.#values.set(
        name,
        seen === undefined ? rawHeaders[i + 1]! : `${seen}, ${rawHeaders[i + 1]}`,
      );
    }
  }

  /** Every header as `[lower-case name, value]`, as `Headers` iterates. */
  entries(): IterableIterator<[string, string]> {
    return this.#values.entries();
  }

  /** The value of `name` (repeated headers joined with `, `), or `null`. */
  get(name: string): string | null {
    return this.#values.get(name.toLowerCase()) ?? null;
  }
}

/** What a read of a {@linkcode NodeBody} gives: a chunk, or the end. */
export type BodyReadResult = { done: false; value: Uint8Array } | { done: true; value: undefined };

/** The reader of a {@linkcode NodeBody}: the calls a Web stream reader has that `auth/` makes. */
export interface NodeBodyReader {
  /** The next chunk, or the end; rejects with the error that ended the body. */
  read(): Promise<BodyReadResult>;
  /** Stops reading: the connection is closed. */
  cancel(reason?: unknown): Promise<void>;
  /** Unlocks the body. */
  releaseLock(): void;
}

/** Bytes queued before the connection is paused (as a `highWaterMark`). */
const HIGH_WATER_MARK = 64 * 1024;

/**
 * A response body: the part of a Web `ReadableStream` of bytes that `auth/` and
 * {@linkcode NodeResponse} use (`getReader()`, `cancel()`, `locked`, `for await`). It is not a
 * `ReadableStream` on purpose: the first one made in a process loads Node's Web Streams (figures in
 * docs/measurements.md). Backpressure: the connection pauses while 64 KiB wait unread.
 */
export class NodeBody {
  #message: IncomingMessage;
  #chunks: Uint8Array[] = [];
  #queued = 0;
  #ended = false;
  #error: { reason: unknown } | undefined;
  #waiting: { resolve(): void } | undefined;
  #locked = false;
  #onDone: () => void;

  /** The body of `message`; `onDone` runs once when it ends, fails or is cancelled. */
  constructor(message: IncomingMessage, onDone: () => void) {
    this.#message = message;
    this.#onDone = onDone;
  }

  /** Whether a reader holds the body. */
  get locked(): boolean {
    return this.#locked;
  }

  /** @internal Queues a chunk that arrived. */
  _push(chunk: Uint8Array): void {
    if (this.#ended) return;
    this.#chunks.push(chunk);
    this.#queued += chunk.byteLength;
    if (this.#queued >= HIGH_WATER_MARK) this.#message.pause();
    this.#wake();
  }

  /** @internal Ends the body: normally (no error), or with `error`. Once only. */
  _end(error?: { reason: unknown }): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#error = error;
    if (error !== undefined) this.#chunks = [];
    this.#onDone();
    this.#wake();
  }

  #wake(): void {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.resolve();
  }

  async #read(): Promise<BodyReadResult> {
    for (;;) {
      const chunk = this.#chunks.shift();
      if (chunk !== undefined) {
        this.#queued -= chunk.byteLength;
        if (!this.#ended && this.#queued < HIGH_WATER_MARK) this.#message.resume();
        return { done: false, value: chunk };
      }
      if (this.#error !== undefined) throw this.#error.reason;
      if (this.#ended) return { done: true, value: undefined };
      this.#message.resume();
      await new Promise<void>((resolve) => (this.#waiting = { resolve }));
    }
  }

  /** Stops reading and closes the connection; later reads see the end. */
  cancel(_reason?: unknown): Promise<void> {
    this.#chunks = [];
    if (!this.#ended) this._end();
    return Promise.resolve();
  }

  /** Locks the body to one reader. */
  getReader(): NodeBodyReader {
    if (this.#locked) throw new TypeError("The response body is locked to a reader");
    this.#locked = true;
    let released = false;
    const held = (): void => {
      if (released) throw new TypeError("The reader was released");
    };
    return {
      read: async () => (held(), await this.#read()),
      cancel: async (reason) => (held(), await this.cancel(reason)),
      releaseLock: () => {
        released = true;
        this.#locked = false;
      },
    };
  }

  /** Reads the body chunk by chunk; leaving the loop early cancels it. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array, void, undefined> {
    const reader = this.getReader();
    let finished = false;
    try {
      for (;;) {
        const result = await reader.read();
        if (result.done) {
          finished = true;
          return;
        }
        yield result.value;
      }
    } finally {
      if (!finished) await reader.cancel();
      reader.releaseLock();
    }
  }
}

/** A response body being streamed, and how to end it with an error. */
export interface BodyStream {
  /** The bytes, with backpressure: Node's stream pauses while nobody reads. */
  stream: NodeBody;
  /** Errors the body (abort, timeout); does nothing once it has ended. */
  fail(error: unknown): void;
}

/**
 * The body of `message` as a byte stream that errors past `maxBytes` or when the connection drops
 * before the end. `onDone` runs once when the stream ends, fails or is cancelled.
 */
export function bodyStream(
  message: IncomingMessage,
  maxBytes: number,
  onDone: () => void,
): BodyStream {
  const body = new NodeBody(message, onDone);
  let received = 0;
  const fail = (error: unknown): void => body._end({ reason: error });
  const terminated = (cause: unknown): void => fail(new TypeError("terminated", { cause }));
  message.on("data", (chunk: Uint8Array) => {
    received += chunk.byteLength;
    if (received > maxBytes) fail(new TypeError(`The response body is over ${maxBytes} bytes`));
    else body._push(chunk);
  });
  message.on("end", () => body._end());
  message.on("error", terminated);
  message.on("close", () => {
    if (!message.complete) terminated(new Error("the connection closed before the body ended"));
  });
  return { stream: body, fail };
}

/** A response read from `node:http`: the reading half of a Web `Response`. */
export class NodeResponse {
  /** The status code. */
  readonly status: number;
  /** The reason phrase, or `""`. */
  readonly statusText: string;
  /** Whether the status is 200-299. */
  readonly ok: boolean;
  /** The response headers. */
  readonly headers: NodeHeaders;
  /** The body as a stream of bytes; reading it with one of the methods below locks it. */
  readonly body: NodeBody;

  /** Wraps `message`, whose body arrives through `body`. */
  constructor(message: IncomingMessage, body: NodeBody) {
    this.status = message.statusCode ?? 0;
    this.statusText = message.statusMessage ?? "";
    this.ok = this.status >= 200 && this.status <= 299;
    this.headers = new NodeHeaders(message.rawHeaders);
    this.body = body;
  }

  #read = false;

  /** The whole body as bytes; the body can be read once. */
  async arrayBuffer(): Promise<ArrayBuffer> {
    if (this.#read || this.body.locked) {
      throw new TypeError("The response body has already been read");
    }
    this.#read = true;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of this.body) {
      chunks.push(chunk);
      size += chunk.byteLength;
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return bytes.buffer;
  }

  /** The whole body decoded as UTF-8. */
  async text(): Promise<string> {
    return new TextDecoder().decode(await this.arrayBuffer());
  }

  /** The whole body parsed as JSON. */
  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
}
