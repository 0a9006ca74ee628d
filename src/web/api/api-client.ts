import type { RequestOf, ResponseOf } from '../../contract/route';
import { API_PREFIX, type RouteName, type Routes, routes } from '../../contract/routes';
import { timezoneOffsetMinutes } from '../dates/browser-clock';
import { ApiError } from './api-error';

/** Where the client gets the identity headers of DESIGN.md §4; the session supplies them. */
export interface ApiCredentials {
  token(): string | null;
  impersonatorToken(): string | null;
  /**
   * Called once when a call sent with `rejectedToken` answers 401: resolves true when there is a newer token than
   * that one (renewed now, or already by an earlier 401 of the same burst; the call is then retried once), false
   * when the user is signed out.
   */
  refresh(rejectedToken: string): Promise<boolean>;
  /** Resolves once it is known who is signed in (a stored session checked, a sign-in finished), so no call goes out without the session's token. */
  ready?(): Promise<void>;
}

export interface ApiClientOptions {
  readonly credentials?: ApiCredentials;
  readonly apiKey?: string;
  readonly baseUrl?: string;
  readonly fetch?: typeof fetch;
  /** Parse every answer with the contract's schema (development and tests). */
  readonly validateResponses?: boolean;
  /** Sent with every call of this client (Checkout/Complete's Idempotency-Key). */
  readonly headers?: Readonly<Record<string, string>>;
}

export type CallInput<N extends RouteName> = RequestOf<Routes[N]>;
export type CallResult<N extends RouteName> = ResponseOf<Routes[N]>;

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The one typed client the front end calls every route through, by its contract name. */
export class ApiClient {
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: ApiClientOptions = {}) {
    this.fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
  }

  withCredentials(credentials: ApiCredentials): ApiClient {
    return new ApiClient({ ...this.options, credentials });
  }

  /** The same client, adding `headers` to every call (e.g. `api.withHeaders({ 'Idempotency-Key': key })`). */
  withHeaders(headers: Readonly<Record<string, string>>): ApiClient {
    return new ApiClient({ ...this.options, headers: { ...this.options.headers, ...headers } });
  }

  async call<N extends RouteName>(name: N, ...[input]: CallArgs<N>): Promise<CallResult<N>> {
    const response = await this.send(this.routeAttempt(name, input));
    const definition = routes[name];
    const body: unknown = await response.json();
    if (!this.options.validateResponses) return body as CallResult<N>;
    return definition.response.parse(body) as CallResult<N>;
  }

  /** For answers that are not JSON (PDF downloads): the raw response after the same checks. */
  async raw<N extends RouteName>(name: N, ...[input]: CallArgs<N>): Promise<Response> {
    return this.send(this.routeAttempt(name, input));
  }

  /**
   * POSTs a file as the request body to a route registered apart from the contract because its body is not JSON
   * (Staff/Import), with the same headers, refresh on 401 and problems as every call; answers the JSON reply.
   */
  async postFile(path: string, query: Record<string, string>, file: Blob, contentType: string): Promise<unknown> {
    const target = `${path}${queryString(query)}`;
    const response = await this.send((token) => this.attempt('POST', target, token, { contentType, body: file }));
    return response.json();
  }

  /** A contract route's call, as `send` makes it with whichever token is current. */
  private routeAttempt<N extends RouteName>(name: N, input: CallInput<N> | undefined) {
    const definition = routes[name];
    const target = `${definition.path}${queryString(input?.query as Record<string, unknown> | undefined)}`;
    const content =
      definition.method === 'POST'
        ? { contentType: 'application/json', body: JSON.stringify(input?.body ?? {}) }
        : undefined;
    return (token: string | null) => this.attempt(definition.method, target, token, content);
  }

  /** Makes a call with the current token and, when that answers 401 and a newer one is had, once more with it. */
  private async send(attempt: (token: string | null) => Promise<Response>): Promise<Response> {
    const credentials = this.options.credentials;
    await credentials?.ready?.();
    const token = credentials?.token() ?? null;
    let response = await attempt(token);
    if (response.status === 401 && credentials && token) {
      if (await credentials.refresh(token)) response = await attempt(credentials.token());
    }
    if (!response.ok) throw ApiError.fromProblem(response.status, await response.json().catch(() => null));
    return response;
  }

  private async attempt(
    method: string,
    target: string,
    token: string | null,
    content: { readonly contentType: string; readonly body: BodyInit } | undefined,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      ...this.options.headers,
      Accept: 'application/json',
      'X-Timezone-Offset': String(timezoneOffsetMinutes()),
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    const impersonator = this.options.credentials?.impersonatorToken();
    if (impersonator) headers['X-Impersonator-Token'] = impersonator;
    if (this.options.apiKey) headers['X-Api-Key'] = this.options.apiKey;
    if (content) headers['Content-Type'] = content.contentType;
    try {
      return await this.fetchImpl(`${this.options.baseUrl ?? ''}${API_PREFIX}/${target}`, {
        method,
        headers,
        body: content?.body,
      });
    } catch {
      throw ApiError.communication();
    }
  }
}

/** Routes that need no input can be called with none. */
type CallArgs<N extends RouteName> = Routes[N] extends { query: object } | { body: object }
  ? [input: CallInput<N>]
  : [input?: CallInput<N>];
