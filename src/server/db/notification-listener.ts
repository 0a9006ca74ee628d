import pg from 'pg';

export type ListenerState = 'listening' | 'reconnecting' | 'stopped';

export interface ListenerHealth {
  readonly state: ListenerState;
  /** How many times the connection was lost since the process started. */
  readonly outages: number;
}

export interface ChannelListener {
  health(): ListenerHealth;
  stop(): Promise<void>;
}

export interface ListenHandlers {
  onPayload(payload: string): void;
  /** Called once the channel is heard again after an outage: whatever was sent meanwhile was not heard. */
  onReconnect?(): void;
}

interface ListenLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 5_000;

/**
 * LISTENs on a PostgreSQL channel through a connection of its own, outside the pool, and reconnects with backoff
 * when the connection is lost (a restart, a failover, pg_terminate_backend). TCP keep-alive lets the kernel notice a
 * connection that died without a word.
 */
export async function listenWithReconnect(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
  log: ListenLog,
): Promise<ChannelListener> {
  let state: ListenerState = 'reconnecting';
  let outages = 0;
  let current: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let retryMs = FIRST_RETRY_MS;

  const open = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString, keepAlive: true, application_name: `yhi-listen-${channel}` });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onPayload(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw error;
    }
    const lost = (error?: Error) => {
      if (current !== client || state === 'stopped') return;
      current = null;
      state = 'reconnecting';
      outages += 1;
      log.warn({ err: error, channel }, 'lost the notification connection; reconnecting');
      void client.end().catch(() => undefined);
      schedule();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    current = client;
    return client;
  };

  const schedule = () => {
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (state === 'stopped') return;
      open().then(
        (client) => {
          if (state === 'stopped') {
            void client.end().catch(() => undefined);
            return;
          }
          state = 'listening';
          retryMs = FIRST_RETRY_MS;
          log.info({ channel }, 'notification connection back');
          handlers.onReconnect?.();
        },
        (error: unknown) => {
          log.warn({ err: error, channel, retryMs }, 'notification connection still down');
          retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
          schedule();
        },
      );
    }, retryMs);
    retryTimer.unref();
  };

  await open();
  state = 'listening';

  return {
    health: () => ({ state, outages }),
    stop: async () => {
      state = 'stopped';
      if (retryTimer) clearTimeout(retryTimer);
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    },
  };
}
