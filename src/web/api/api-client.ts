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
    const response = await this.send(name, input);
    const definition = routes[name];
    const body: unknown = await response.json();
    if (!this.options.validateResponses) return body as CallResult<N>;
    return definition.response.parse(body) as CallResult<N>;
  }

  /** For answers that are not JSON (PDF downloads): the raw response after the same checks. */
  async raw<N extends RouteName>(name: N, ...[input]: CallArgs<N>): Promise<Response> {
    return this.send(name, input);
  }

  private async send<N extends RouteName>(name: N, input: CallInput<N> | undefined): Promise<Response> {
    const credentials = this.options.credentials;
    await credentials?.ready?.();
    const token = credentials?.token() ?? null;
    let response = await this.attempt(name, input, token);
    if (response.status === 401 && credentials && token) {
      if (await credentials.refresh(token)) response = await this.attempt(name, input, credentials.token());
    }
    if (!response.ok) throw ApiError.fromProblem(response.status, await response.json().catch(() => null));
    return response;
  }

  private async attempt<N extends RouteName>(
    name: N,
    input: CallInput<N> | undefined,
    token: string | null,
  ): Promise<Response> {
    const definition = routes[name];
    const headers: Record<string, string> = {
      ...this.options.headers,
      Accept: 'application/json',
      'X-Timezone-Offset': String(timezoneOffsetMinutes()),
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    const impersonator = this.options.credentials?.impersonatorToken();
    if (impersonator) headers['X-Impersonator-Token'] = impersonator;
    if (this.options.apiKey) headers['X-Api-Key'] = this.options.apiKey;
    const hasBody = definition.method === 'POST';
    if (hasBody) headers['Content-Type'] = 'application/json';
    const url = `${this.options.baseUrl ?? ''}${API_PREFIX}/${definition.path}${queryString(input?.query as Record<string, unknown> | undefined)}`;
    try {
      return await this.fetchImpl(url, {
        method: definition.method,
        headers,
        body: hasBody ? JSON.stringify(input?.body ?? {}) : undefined,
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
