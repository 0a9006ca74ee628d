import { z } from 'zod';

/** Azurite's well-known development account (public, documented by Microsoft; not a secret). */
export const AZURITE_ACCOUNT = 'devstoreaccount1';
export const AZURITE_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export interface BlobConnection {
  readonly accountName: string;
  readonly accountKey: string;
  /** Without a trailing slash, e.g. https://acme.blob.core.windows.net or http://127.0.0.1:10000/devstoreaccount1. */
  readonly blobEndpoint: string;
}

const partsSchema = z.object({
  AccountName: z.string().min(1),
  AccountKey: z.string().min(1),
  BlobEndpoint: z.url().optional(),
  DefaultEndpointsProtocol: z.enum(['http', 'https']).default('https'),
  EndpointSuffix: z.string().min(1).default('core.windows.net'),
});

export function azuriteConnectionString(blobEndpoint: string): string {
  return `DefaultEndpointsProtocol=http;AccountName=${AZURITE_ACCOUNT};AccountKey=${AZURITE_KEY};BlobEndpoint=${blobEndpoint};`;
}

/**
 * Reads an Azure Storage connection string. A shared key is required: the shop signs upload URLs (SAS) itself.
 * UseDevelopmentStorage=true means Azurite on its default port.
 */
export function parseBlobConnection(connectionString: string): BlobConnection {
  const entries = connectionString
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at), part.slice(at + 1)] as const;
    });
  const raw = Object.fromEntries(entries);
  if (raw.UseDevelopmentStorage === 'true') {
    return {
      accountName: AZURITE_ACCOUNT,
      accountKey: AZURITE_KEY,
      blobEndpoint: `http://127.0.0.1:10000/${AZURITE_ACCOUNT}`,
    };
  }
  const parts = partsSchema.safeParse(raw);
  if (!parts.success) {
    throw new Error('AZURE_STORAGE_CONNECTION_STRING needs AccountName and AccountKey (the shop signs upload URLs).');
  }
  const { AccountName, AccountKey, BlobEndpoint, DefaultEndpointsProtocol, EndpointSuffix } = parts.data;
  return {
    accountName: AccountName,
    accountKey: AccountKey,
    blobEndpoint: (BlobEndpoint ?? `${DefaultEndpointsProtocol}://${AccountName}.blob.${EndpointSuffix}`).replace(
      /\/+$/,
      '',
    ),
  };
}

/** The origin the browser uploads to, for the Content Security Policy's connect-src. */
export function blobOrigin(connectionString: string | undefined): string | null {
  if (!connectionString) return null;
  try {
    return new URL(parseBlobConnection(connectionString).blobEndpoint).origin;
  } catch {
    return null;
  }
}
