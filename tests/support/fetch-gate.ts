/**
 * A fetch in front of the real server (injectFetch) that holds the requests of chosen API paths until a test lets
 * them through or fails them as a network failure would. UI tests driven by a machine's model paths use it to
 * decide when the real server's answer to an invoked actor arrives ('xstate.done.actor.…') or that it never does
 * ('xstate.error.actor.…'), while every other request goes straight through.
 */
export interface FetchGate {
  readonly fetch: typeof fetch;
  /** Requests to a path matching `path` wait from now on. */
  hold(path: RegExp): void;
  /** Sends the waiting requests matching `path` to the server; with `open`, later ones go straight through too. */
  release(path: RegExp, options?: { open?: boolean }): number;
  /** Fails the waiting requests matching `path` as a dropped connection does; later ones keep waiting. */
  fail(path: RegExp): number;
  waiting(path: RegExp): number;
}

interface Waiting {
  readonly pathname: string;
  send(): void;
  drop(): void;
}

export function createFetchGate(server: typeof fetch): FetchGate {
  const held: RegExp[] = [];
  let queue: Waiting[] = [];
  const pathOf = (input: Parameters<typeof fetch>[0]) =>
    new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost')
      .pathname;
  const take = (path: RegExp) => {
    const taken = queue.filter((request) => path.test(request.pathname));
    queue = queue.filter((request) => !taken.includes(request));
    return taken;
  };
  return {
    fetch: (input, init) => {
      const pathname = pathOf(input);
      if (!held.some((path) => path.test(pathname))) return server(input, init);
      return new Promise<Response>((resolve, reject) => {
        queue.push({
          pathname,
          send: () => void server(input, init).then(resolve, reject),
          drop: () => reject(new TypeError('Failed to fetch')),
        });
      });
    },
    hold: (path) => {
      if (!held.some((existing) => existing.source === path.source)) held.push(path);
    },
    release: (path, options = {}) => {
      if (options.open) held.splice(0, held.length, ...held.filter((existing) => existing.source !== path.source));
      const taken = take(path);
      for (const request of taken) request.send();
      return taken.length;
    },
    fail: (path) => {
      const taken = take(path);
      for (const request of taken) request.drop();
      return taken.length;
    },
    waiting: (path) => queue.filter((request) => path.test(request.pathname)).length,
  };
}
