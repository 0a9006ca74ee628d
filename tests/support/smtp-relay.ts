import { SMTPServer } from 'smtp-server';

export interface SmtpRelay {
  readonly port: number;
  /** What the relay was given, in the order it arrived. */
  readonly received: { readonly to: string[]; readonly data: string }[];
  close(): Promise<void>;
}

/** A real SMTP relay on 127.0.0.1 (on `port`, or any free one), keeping what it is given. */
export async function startSmtpRelay(port = 0): Promise<SmtpRelay> {
  const received: { to: string[]; data: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
