import { createInterface } from 'node:readline';

/**
 * A password for a command: the first line of standard input when asked to (scripts pipe it), else typed at the
 * terminal twice without echo. Answers what was typed; the caller checks it against the password rules.
 */
export async function readPassword(options: { readonly prompt: string; readonly fromStdin: boolean }): Promise<string> {
  if (options.fromStdin || !process.stdin.isTTY) return firstLineOfStdin();
  const first = await typedWithoutEcho(options.prompt);
  const again = await typedWithoutEcho('Again: ');
  if (first !== again) {
    console.error('The two passwords differ.');
    process.exit(2);
  }
  return first;
}

async function firstLineOfStdin(): Promise<string> {
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

function typedWithoutEcho(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const stdin = process.stdin;
    process.stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let typed = '';
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stderr.write('\n');
          resolve(typed);
          return;
        }
        if (character === '\u0003') process.exit(130);
        typed = character === '\u007f' ? typed.slice(0, -1) : typed + character;
      }
    };
    stdin.on('data', onData);
  });
}
