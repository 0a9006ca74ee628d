/**
 * How long a UI test waits for something to appear or happen before it fails. UI tests drive the real app against a
 * real server in the same worker, so on a busy 2-core machine a dropdown or an answer can take seconds; the libraries'
 * 1 s default failed CI once while nothing was wrong. A wait that succeeds ends as soon as it does, so only a failing
 * test pays for the length.
 */
export const UI_WAIT_MS = 10_000;
