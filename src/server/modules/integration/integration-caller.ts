import type { IntegrationScope } from '../../../contract/integration';
import { problems } from '../../http/problem';

/** The wholesaler's system a request came from, as its integration key says. Users' principals are separate. */
export interface IntegrationCaller {
  readonly keyId: number;
  readonly keyName: string;
  readonly scopes: readonly IntegrationScope[];
}

/** The one check of a key's scope: what a route or a kind of import needs, the key must have been given. */
export function requireScope(caller: IntegrationCaller, scope: IntegrationScope): void {
  if (!caller.scopes.includes(scope)) {
    throw problems.forbidden(`The integration key '${caller.keyName}' does not have the '${scope}' scope.`);
  }
}
