// Which HTTP statuses are worth another attempt: the retry loop and the errors' default hints
// both decide by it.

/** 408, 429 and every 5xx are worth another attempt; any other status is final. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}
