// The record of requests an emulator received, bounded: at most `maxRequests` requests and about
// `maxBytes` of them (URL, header and body text), the oldest dropped first, so an emulator that
// serves for hours or takes large bodies keeps a bounded amount of memory.
import type { RecordedRequest } from "../types.ts";

/** The record's limits. */
export interface RecordLimits {
  maxRequests: number;
  maxBytes: number;
}

function sizeOf(request: RecordedRequest): number {
  let size = request.url.length + request.body.length;
  for (const [name, value] of Object.entries(request.headers)) size += name.length + value.length;
  return size;
}

/** The requests recorded, oldest first, in a live array the emulator hands out. */
export class RequestLog {
  readonly requests: RecordedRequest[] = [];
  readonly #sizes: number[] = [];
  readonly #limits: RecordLimits;
  #bytes = 0;

  constructor(limits: RecordLimits) {
    this.#limits = limits;
  }

  /** Records `request`, dropping the oldest ones while the record is over a limit. */
  add(request: RecordedRequest): void {
    const size = sizeOf(request);
    this.requests.push(request);
    this.#sizes.push(size);
    this.#bytes += size;
    let drop = 0;
    while (
      drop < this.requests.length &&
      (this.requests.length - drop > this.#limits.maxRequests ||
        this.#bytes > this.#limits.maxBytes)
    ) {
      this.#bytes -= this.#sizes[drop]!;
      drop++;
    }
    if (drop > 0) {
      this.requests.splice(0, drop);
      this.#sizes.splice(0, drop);
    }
  }
}
